import { ComplyConnectionError, ComplyError } from './errors.js';

/** Options of a client for one Comply instance. Clients share nothing, so several can run side by side. */
export interface ClientOptions {
  /** The instance's base address, e.g. `https://comply.example.com` or `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** An API token (`comply_pat_…`), sent as `Authorization: Bearer <token>`. */
  token: string;
  /** Defaults to the global fetch (Node 20+, browsers). */
  fetch?: typeof fetch;
  /** Time-out of each call in milliseconds; default 30 000. */
  timeoutMs?: number;
  /** Aborts every call of this client, e.g. when a page or process shuts down. */
  signal?: AbortSignal;
}

/** Options of one call. */
export interface CallOptions {
  /** Aborts this call; the promise rejects with the signal's reason (an `AbortError`). */
  signal?: AbortSignal;
  /** Overrides the client's time-out for this call. */
  timeoutMs?: number;
}

/** Posts one tool's input to `/api/mcp/tools/{tool}` and resolves to its output JSON. */
export type Call = <T>(a: { tool: string; input: unknown; options?: CallOptions | undefined }) => Promise<T>;

const DEFAULT_TIMEOUT_MS = 30_000;

/** Checks the options once and returns the `call` function the generated methods use. */
export function createCaller(options: ClientOptions): Call {
  const base = checkBaseUrl(options.baseUrl);
  checkToken(options.token);
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async <T>({ tool, input, options: call = {} }: Parameters<Call>[0]): Promise<T> => {
    const timeoutMs = call.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const callerSignals = [options.signal, call.signal].filter((s) => s !== undefined);
    const url = `${base}/api/mcp/tools/${encodeURIComponent(tool)}`;
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(input ?? {}),
        signal: AbortSignal.any([timeout, ...callerSignals]),
      });
      status = response.status;
      text = await response.text();
    } catch (cause) {
      const aborted = callerSignals.find((s) => s.aborted);
      if (aborted) throw aborted.reason;
      if (timeout.aborted)
        throw new ComplyConnectionError({
          code: 'TIMEOUT',
          url,
          cause,
          message: `No answer from the Comply instance at ${base} within ${timeoutMs} ms. Check the address, connectivity and scheme, or raise timeoutMs.`,
        });
      throw new ComplyConnectionError({
        code: 'CONNECTION_FAILED',
        url,
        cause,
        message: `Cannot reach the Comply instance at ${base} (${describe(cause)}). Check the address, connectivity and scheme (https:// for a production instance, http:// only for a local one).`,
      });
    }
    return readBody<T>({ status, text, url });
  };
}

function readBody<T>(a: { status: number; text: string; url: string }): T {
  let body: unknown;
  try {
    body = a.text === '' ? undefined : JSON.parse(a.text);
  } catch {
    body = undefined;
  }
  if (a.status >= 200 && a.status < 300 && body !== undefined) return body as T;
  const error = (body as { error?: { code?: unknown; message?: unknown; field?: unknown } } | undefined)
    ?.error;
  if (a.status >= 200 && a.status < 300 && !error)
    return fail({
      status: a.status,
      code: 'INVALID_RESPONSE',
      message: `${a.url} did not answer with JSON; is baseUrl the address of a Comply instance?`,
    });
  return fail({
    status: a.status,
    code: typeof error?.code === 'string' ? error.code : `HTTP_${a.status}`,
    message: typeof error?.message === 'string' ? error.message : a.text.slice(0, 200) || `HTTP ${a.status}`,
    field: typeof error?.field === 'string' ? error.field : undefined,
  });
}

function fail(init: ConstructorParameters<typeof ComplyError>[0]): never {
  throw new ComplyError(init);
}

function checkBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl must be an absolute http:// or https:// address, got "${baseUrl}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`baseUrl must start with http:// or https://, got "${baseUrl}".`);
  const base = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  if (/\/api\/mcp(\/|$)/.test(url.pathname))
    throw new TypeError(
      `baseUrl is the instance's address, without /api/mcp/…: use "${base.replace(/\/api\/mcp.*$/, '')}".`,
    );
  return base;
}

// A token with stray whitespace is never valid, and fetch would reject a line break as a connection error.
function checkToken(token: string): void {
  if (typeof token !== 'string' || token === '')
    throw new TypeError('token is empty: pass an API token (comply_pat_…).');
  if (/\s/.test(token))
    throw new TypeError(
      'token contains spaces or line breaks: copy the token again without stray characters.',
    );
}

function describe(cause: unknown): string {
  const inner = (cause as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof inner?.code === 'string') return inner.code;
  if (typeof inner?.message === 'string') return inner.message;
  return cause instanceof Error ? cause.message : String(cause);
}
