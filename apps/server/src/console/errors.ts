import type { ErrorCode } from '@comply/schemas';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ToolError, toErrorBody } from '../core/errors.js';
import { fromStorageError } from '../core/storage-errors.js';
import { unsupportedMediaType } from '../http/media-type.js';

/** Throws the console's `{error: {code, message, field?}}` answer with the code's status. */
export function consoleError({
  code,
  message,
  field,
}: {
  code: ErrorCode;
  message: string;
  field?: string;
}): ToolError {
  return new ToolError({ code, message, field });
}

/** Maps ToolErrors and StorageErrors to their status and body; anything else is a logged 500. */
export function installConsoleErrorHandler(scope: FastifyInstance) {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof ToolError ? error : fromStorageError(error);
    if (known) {
      if (known.code === 'RATE_LIMITED' && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      const body = toErrorBody(known);
      // The console words these in plain language at each field; the tools keep their messages.
      if (known.issues.length > 0)
        return reply.code(known.status).send({ error: { ...body.error, field_issues: known.issues } });
      return reply.code(known.status).send(body);
    }
    const status = error.statusCode ?? 500;
    const mediaType = unsupportedMediaType({ error, request });
    if (mediaType) return reply.code(415).send({ error: mediaType });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: { code: 'INVALID_INPUT', message: error.message } });
    }
    request.log.error({ err: error }, 'console request failed');
    return reply.code(500).send(toErrorBody(error));
  });
}
