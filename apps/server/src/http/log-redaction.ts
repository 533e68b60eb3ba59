import type { FastifyServerOptions } from 'fastify';

const SECRET_PARAM = /token|key|secret|pass|auth|code|session|sig|cred/i;
const TOKEN_SECRET = /comply_pat_[A-Za-z0-9\-._~+/]+=*/g;
const HAS_TOKEN = /comply_pat_/;
const REDACTED = '[REDACTED]';
// `%255F` decodes to `%5F`, then to `_`: a few rounds undo any realistic nesting.
const DECODE_ROUNDS = 4;

/**
 * `text` with its percent-escapes decoded, leniently: an escape that is not valid UTF-8 stays as
 * written instead of failing the whole text, and nested encodings are undone a few times over.
 */
export function decodeLeniently(text: string): string {
  let current = text;
  for (let round = 0; round < DECODE_ROUNDS && current.includes('%'); round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = current.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * One piece of a URL (a path segment, a query name or value) as it may be logged: unchanged unless
 * its decoded form holds something shaped like an API token, then that decoded form with the
 * secret replaced (`comply%5Fpat%5F…` is the same token as `comply_pat_…`).
 */
function redactPiece(piece: string): string {
  const decoded = decodeLeniently(piece);
  if (!HAS_TOKEN.test(decoded)) return piece;
  return decoded.replace(TOKEN_SECRET, `comply_pat_${REDACTED}`);
}

/**
 * The request URL as it may be logged: values of query parameters whose name suggests a credential,
 * and anything shaped like an API token anywhere in the URL — percent-encoded or not — replaced by
 * `[REDACTED]`.
 */
export function redactUrl(url: string): string {
  const cut = url.indexOf('?');
  const path = (cut < 0 ? url : url.slice(0, cut))
    .replace(TOKEN_SECRET, `comply_pat_${REDACTED}`)
    .split('/')
    .map(redactPiece)
    .join('/');
  if (cut < 0) return path;
  const query = url
    .slice(cut + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return redactPiece(pair);
      const name = pair.slice(0, eq);
      if (SECRET_PARAM.test(decodeLeniently(name.replaceAll('+', ' ')))) return `${name}=${REDACTED}`;
      return `${redactPiece(name)}=${redactPiece(pair.slice(eq + 1))}`;
    });
  return `${path}?${query.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Logger options with the credential-free request serializer added (false stays false). */
export function withRedactedRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      ...('serializers' in base ? base.serializers : {}),
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url === undefined ? undefined : redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
