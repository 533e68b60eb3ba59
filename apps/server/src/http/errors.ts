import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ToolError, toErrorBody } from '../core/errors.js';
import { fromStorageError } from '../core/storage-errors.js';
import { RpcError } from '../mcp/rpc-error.js';
import { unsupportedMediaType } from './media-type.js';

/**
 * A refusal of the HTTP layer itself (no route, a method not allowed, a bad Host or Origin, a
 * credential or rate-limit problem): its status, the body's code and sentence, the headers the
 * answer carries and any further fields of the body (an import's issues and JSON pointer).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly details: Readonly<Record<string, unknown>>;

  constructor({
    status,
    code,
    message,
    headers = {},
    details = {},
  }: {
    status: number;
    code: string;
    message: string;
    headers?: Record<string, string>;
    details?: Record<string, unknown>;
  }) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.headers = headers;
    this.details = details;
  }
}

const INTERNAL = toErrorBody(undefined);

/** Console routes, whose forms show each field's problem (`field_issues`). */
const CONSOLE_PREFIX = '/api/console/';

interface Rendered {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A tool or storage error as its status and `{error: {code, message, field?}}` body. Without a
 * Retry-After of its own, a RATE_LIMITED answer says when to retry: a minute for the console's
 * sign-in and password attempts, a second for a tool call.
 */
function renderKnown({ error, request }: { error: ToolError; request: FastifyRequest }): Rendered {
  // The matched route, never the raw URL (which may be encoded or in absolute form).
  const onConsole = request.routeOptions.url?.startsWith(CONSOLE_PREFIX) === true;
  const headers: Record<string, string> = {};
  if (error.code === 'RATE_LIMITED') headers['retry-after'] = onConsole ? '60' : '1';
  const body = toErrorBody(error);
  // The console words these in plain language at each field; the tools keep their messages.
  if (onConsole && error.issues.length > 0)
    return { status: error.status, headers, body: { error: { ...body.error, field_issues: error.issues } } };
  return { status: error.status, headers, body };
}

/** Any thrown value as the answer the client gets; `undefined` for a failure to log as a 500. */
function render({ error, request }: { error: FastifyError; request: FastifyRequest }): Rendered | undefined {
  const thrown: unknown = error;
  if (thrown instanceof RpcError) {
    // The MCP endpoint's refusals before any message is dispatched are JSON-RPC errors themselves.
    return {
      status: thrown.status,
      headers: { ...thrown.headers },
      body: {
        jsonrpc: '2.0',
        id: thrown.id,
        error: {
          code: thrown.code,
          message: thrown.message,
          ...(thrown.data !== undefined && { data: thrown.data }),
        },
      },
    };
  }
  if (thrown instanceof HttpError) {
    return {
      status: thrown.status,
      headers: { ...thrown.headers },
      body: { error: { code: thrown.code, message: thrown.message, ...thrown.details } },
    };
  }
  const known = thrown instanceof ToolError ? thrown : fromStorageError(thrown);
  if (known) return renderKnown({ error: known, request });
  const status = error.statusCode ?? 500;
  if (status === 413) {
    const limit = request.routeOptions.bodyLimit;
    return {
      status,
      headers: {},
      body: { error: { code: 'PAYLOAD_TOO_LARGE', message: `The request body exceeds ${limit} bytes.` } },
    };
  }
  const mediaType = unsupportedMediaType({ error, request });
  if (mediaType) return { status: 415, headers: {}, body: { error: mediaType } };
  if (status >= 400 && status < 500)
    return { status, headers: {}, body: { error: { code: 'INVALID_INPUT', message: error.message } } };
  return undefined;
}

/**
 * The one error handler of the app. Routes and hooks throw — a ToolError or StorageError (REST,
 * OSCAL and console answers), an HttpError (the HTTP layer's refusals), an RpcError (the MCP
 * endpoint's JSON-RPC refusals) or fastify's own errors (body too large, wrong media type, bad
 * JSON) — and this turns each into its status, headers and JSON body. Anything else is logged
 * and answered 500 without internals. Headers a route set before it threw (Retry-After) are kept.
 */
export function installErrorHandler({ app }: { app: FastifyInstance }) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const rendered = render({ error, request });
    if (!rendered) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(INTERNAL);
    }
    for (const [name, value] of Object.entries(rendered.headers)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    // Refused before its body was read whole (a 413 on the declared length, an upload cut at the
    // limit): close the connection after the answer, so the client stops sending and neither side
    // waits on the unread rest (nor does a graceful shutdown).
    if (!request.raw.complete) reply.header('connection', 'close');
    return reply.code(rendered.status).send(rendered.body);
  });
}
