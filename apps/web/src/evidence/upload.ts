import { ApiError } from '../api.js';

/** `27123456` → `25.9 MB`; bytes as a person reads them (binary units, one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** How far an upload has got. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/** Plain words for what can go wrong before the server has answered anything useful. */
function failure(status: number, text: string): ApiError {
  let error: { code?: string; message?: string; field?: string } | undefined;
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error;
  } catch {
    error = undefined;
  }
  if (status === 413) {
    return new ApiError({
      status,
      code: 'PAYLOAD_TOO_LARGE',
      field: 'file',
      message: `The file is too large for this server, so nothing was stored. ${error?.message ?? ''}`.trim(),
    });
  }
  return new ApiError({
    status,
    code: error?.code ?? 'INTERNAL',
    message: error?.message ?? `The server answered ${status}; nothing was stored.`,
    ...(error?.field && { field: error.field }),
  });
}

/**
 * Posts a multipart form to a console evidence route (`/api/console/orgs/:org/evidence/…`) with
 * the CSRF header, reporting progress as the browser sends the file (fetch cannot tell that; an
 * XMLHttpRequest can). Resolves with the evidence record; rejects with an ApiError in plain words.
 */
export function uploadEvidence(args: {
  path: string;
  form: FormData;
  onProgress: (progress: UploadProgress) => void;
}): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/console${args.path}`);
    request.setRequestHeader('x-comply-csrf', '1');
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) args.onProgress({ sent: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        resolve(JSON.parse(request.responseText) as Record<string, unknown>);
      } else reject(failure(request.status, request.responseText));
    });
    const interrupted = () =>
      reject(
        new ApiError({
          status: 0,
          code: 'UNAVAILABLE',
          message:
            'The upload was interrupted before the server confirmed it; nothing was stored. Try again.',
        }),
      );
    request.addEventListener('error', interrupted);
    request.addEventListener('abort', interrupted);
    request.send(args.form);
  });
}
