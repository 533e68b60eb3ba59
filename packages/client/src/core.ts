/** Options of a client for one Comply instance. */
export interface ClientOptions {
  /** e.g. `https://comply.example.com` or `http://127.0.0.1:8787` (no trailing path). */
  baseUrl: string;
  /** An API token (`comply_pat_…`), sent as `Authorization: Bearer <token>`. */
  token: string;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per-call timeout; default 30 s. */
  timeoutMs?: number;
}

/** A failed tool call: the server's error code and message, and the offending input field if any. */
export class ComplyError extends Error {
  override readonly name = 'ComplyError';
  readonly code: string;
  readonly status: number;
  readonly field: string | undefined;

  constructor(init: { code: string; message: string; status: number; field?: string | undefined }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.field = init.field;
  }
}

/** Returns `call(name, input)`, which POSTs the input to `/api/mcp/tools/{name}` and returns the output JSON. */
export function createCaller(options: ClientOptions): <T>(name: string, input: unknown) => Promise<T> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  return async <T>(name: string, input: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetchImpl(`${base}/api/mcp/tools/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(input ?? {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (cause) {
      throw new ComplyError({
        code: 'UNAVAILABLE',
        status: 0,
        message: `Cannot reach ${base}: ${String(cause)}`,
      });
    }
    const text = await response.text();
    const body = parseJson(text);
    if (!response.ok) throw toError({ status: response.status, body, text });
    return body as T;
  };
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toError(a: { status: number; body: unknown; text: string }): ComplyError {
  const error = (a.body as { error?: { code?: unknown; message?: unknown; field?: unknown } } | undefined)
    ?.error;
  return new ComplyError({
    status: a.status,
    code: typeof error?.code === 'string' ? error.code : `HTTP_${a.status}`,
    message: typeof error?.message === 'string' ? error.message : a.text.slice(0, 200) || `HTTP ${a.status}`,
    field: typeof error?.field === 'string' ? error.field : undefined,
  });
}
