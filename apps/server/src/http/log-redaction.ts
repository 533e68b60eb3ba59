import type { FastifyServerOptions } from 'fastify';

const SECRET_PARAM = /token|key|secret|pass|auth|code|session|sig|cred/i;
const TOKEN_SECRET = /comply_pat_[A-Za-z0-9\-._~+/]+=*/g;
const REDACTED = '[REDACTED]';

/**
 * The request URL as it may be logged: values of query parameters whose name suggests a credential,
 * and anything shaped like an API token anywhere in the URL, replaced by `[REDACTED]`.
 */
export function redactUrl(url: string): string {
  const cut = url.indexOf('?');
  const path = (cut < 0 ? url : url.slice(0, cut)).replace(TOKEN_SECRET, `comply_pat_${REDACTED}`);
  if (cut < 0) return path;
  const query = url
    .slice(cut + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair.replace(TOKEN_SECRET, `comply_pat_${REDACTED}`);
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // an undecodable name is judged as written
      }
      if (SECRET_PARAM.test(name)) return `${pair.slice(0, eq)}=${REDACTED}`;
      return pair.replace(TOKEN_SECRET, `comply_pat_${REDACTED}`);
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
