import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';

/** What is stored when the declared media type is missing, malformed or contradicted by the content. */
export const OCTET_STREAM = 'application/octet-stream';

const TOKEN = /^[a-z0-9!#$&^_.+-]{1,100}\/[a-z0-9!#$&^_.+-]{1,100}$/;

/** `Text/HTML; charset=utf-8` → `text/html`; null when it is not a media type. */
export function normalizeMediaType(value: string | undefined): string | null {
  if (!value) return null;
  const bare = value.split(';')[0]!.trim().toLowerCase();
  return TOKEN.test(bare) ? bare : null;
}

/** Types file-type names differently from what clients commonly declare. */
const ALIASES: Record<string, string> = {
  'application/x-zip-compressed': 'application/zip',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'application/x-pdf': 'application/pdf',
};

/** Container formats whose specific types (DOCX, XLSX, JAR …) file-type may report as the container. */
const CONTAINERS: Record<string, readonly string[]> = {
  'application/zip': [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/java-archive',
    'application/epub+zip',
  ],
  'application/x-cfb': ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'],
};

const SUPPORTED: ReadonlySet<string> = new Set(supportedMimeTypes);

/**
 * The media type to store for a file, from the type its uploader declared and its first bytes
 * (sniffed with `file-type`, which knows the magic numbers of binary formats):
 * - content of a recognised format is stored with the declared type only when they agree (or the
 *   declared type is a specific format of that container), else as application/octet-stream;
 * - content file-type does not recognise (text formats: CSV, JSON, HTML, SVG, plain text …) keeps
 *   the declared type unless that type is one file-type would have recognised — a declared PDF
 *   without a PDF header is a lie, stored as application/octet-stream.
 * What is stored is only ever served as an attachment with `nosniff` (see docs/security.md).
 */
export async function storedMediaType(args: {
  declared: string | undefined;
  head: Uint8Array;
}): Promise<string> {
  const raw = normalizeMediaType(args.declared);
  const declared = raw ? (ALIASES[raw] ?? raw) : null;
  const detected = args.head.byteLength > 0 ? await fileTypeFromBuffer(args.head) : undefined;
  if (detected) {
    if (!declared) return detected.mime;
    if (declared === detected.mime) return declared;
    if (CONTAINERS[detected.mime]?.includes(declared)) return declared;
    return OCTET_STREAM;
  }
  if (!declared) return OCTET_STREAM;
  if (SUPPORTED.has(declared) && !isTextual(declared)) return OCTET_STREAM;
  return declared;
}

/** Types file-type lists but that are text, so unrecognised content does not contradict them. */
function isTextual(type: string): boolean {
  return (
    type.startsWith('text/') ||
    type.endsWith('+xml') ||
    type === 'application/xml' ||
    type === 'application/json'
  );
}
