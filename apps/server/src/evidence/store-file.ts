import {
  BlobTooLargeError,
  type EvidenceFileInput,
  type Repositories,
  withEvidenceFile,
} from '@comply/storage';
import type { FileUpload, ToolContext } from '../core/context.js';
import { ToolError } from '../core/errors.js';
import { storedMediaType } from './media-type.js';

/** Largest file content_base64 may carry (decoded), the MCP path's limit. */
export const BASE64_MAX_BYTES = 2 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of `content_base64`, or INVALID_INPUT naming it. */
function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'content_base64',
      message: '`content_base64` is not valid base64 (standard alphabet A–Z a–z 0–9 + /, padded with =).',
    });
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.byteLength > BASE64_MAX_BYTES) {
    throw new ToolError({
      code: 'PAYLOAD_TOO_LARGE',
      field: 'content_base64',
      message: `\`content_base64\` holds ${bytes.byteLength} bytes; at most ${BASE64_MAX_BYTES} go through a tool call. Upload larger files with POST /api/evidence (multipart/form-data).`,
    });
  }
  return bytes;
}

/** The base name of an uploaded file, without path or control characters, at most 255 characters. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code >= 0x20 && code !== 0x7f;
    })
    .join('')
    .trim()
    .slice(0, 255);
  return clean || 'file';
}

/** A file for an evidence tool: the streamed upload of the call, else content_base64, else none. */
export function fileSource(args: {
  upload: FileUpload | undefined;
  contentBase64: string | undefined;
  filename: string | undefined;
  mediaType: string | undefined;
  maxBytes: number | undefined;
}): {
  stream: AsyncIterable<Uint8Array>;
  filename: string;
  declared: string | undefined;
  maxBytes: number;
} | null {
  if (args.upload && args.contentBase64 !== undefined) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'content_base64',
      message: 'Send the file either as the upload or as `content_base64`, not both.',
    });
  }
  if (args.upload) {
    return {
      stream: args.upload.stream,
      filename: safeFilename(args.filename ?? args.upload.filename),
      declared: args.mediaType ?? args.upload.mediaType,
      maxBytes: args.maxBytes ?? Number.MAX_SAFE_INTEGER,
    };
  }
  if (args.contentBase64 === undefined) {
    if (args.filename !== undefined || args.mediaType !== undefined) {
      throw new ToolError({
        code: 'INVALID_INPUT',
        field: args.filename !== undefined ? 'filename' : 'media_type',
        message: '`filename` and `media_type` describe a file: give its content in `content_base64`.',
      });
    }
    return null;
  }
  if (args.filename === undefined) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'filename',
      message: 'A file sent as `content_base64` needs its `filename` (e.g. access-review-q3.pdf).',
    });
  }
  const bytes = decodeBase64(args.contentBase64);
  return {
    stream: (async function* () {
      yield bytes;
    })(),
    filename: safeFilename(args.filename),
    declared: args.mediaType,
    maxBytes: BASE64_MAX_BYTES,
  };
}

/**
 * Streams a file into the organization's blob store (inside the caller's transaction) and
 * answers what the evidence record stores of it: name, sniffed media type, size, SHA-256.
 */
export async function storeFile(args: {
  repos: Pick<Repositories, 'evidenceVault'>;
  organizationId: string;
  source: NonNullable<ReturnType<typeof fileSource>>;
}): Promise<EvidenceFileInput> {
  const { source } = args;
  try {
    const stored = await args.repos.evidenceVault
      .blobs(args.organizationId)
      .put(source.stream, { maxBytes: source.maxBytes });
    const mediaType = await storedMediaType({ declared: source.declared, head: stored.head });
    return { filename: source.filename, media_type: mediaType, size: stored.size, sha256: stored.sha256 };
  } catch (error) {
    if (error instanceof BlobTooLargeError) {
      throw new ToolError({
        code: 'PAYLOAD_TOO_LARGE',
        field: 'file',
        message: `The file is larger than ${error.maxBytes} bytes, the largest evidence file this server accepts (COMPLY_EVIDENCE_MAX_BYTES).`,
      });
    }
    throw error;
  }
}

/** The file an evidence tool's fields may describe, beside the record's own fields. */
interface FileFields {
  content_base64?: string | undefined;
  filename?: string | undefined;
  media_type?: string | undefined;
}

/**
 * Writes an evidence record whose fields may bring a file (the call's streamed upload, or
 * `content_base64`): without one, `write` runs on the storage with the record's fields; with one, the
 * file is put in the organization's blob store and `write` runs in the same transaction with the
 * file's facts added, so a failure leaves neither.
 */
export async function writeEvidence<F extends FileFields, T>(
  ctx: ToolContext,
  { organizationId, fields }: { organizationId: string; fields: F },
  write: (repos: Repositories, data: Omit<F, keyof FileFields>) => Promise<T>,
): Promise<T> {
  const { content_base64, filename, media_type, ...data } = fields;
  const source = fileSource({
    upload: ctx.upload,
    contentBase64: content_base64,
    filename,
    mediaType: media_type,
    maxBytes: ctx.upload?.maxBytes,
  });
  if (!source) return write(ctx.storage, data);
  return ctx.storage.transaction(async (repos) => {
    const file = await storeFile({ repos, organizationId, source });
    return write(repos, withEvidenceFile(data, file));
  });
}
