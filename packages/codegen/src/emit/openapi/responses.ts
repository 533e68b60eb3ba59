import type { ErrorDef, Model, Tool } from '../../model/types.js';
import { type Json, schemaRef } from './schemas.js';

/** Name of the error body schema in components/schemas. */
export const ERROR_SCHEMA = 'Error';

/** `{"error": {"code", "message", "field"?}}`, the body of every failure on every path. */
export function errorSchema(model: Model): Json {
  return {
    description: 'A failure: its code, a sentence saying what to change, and the field at fault.',
    type: 'object',
    properties: {
      error: {
        type: 'object',
        properties: {
          code: { type: 'string', enum: model.errors.map((e) => e.code) },
          message: { type: 'string', description: 'What went wrong and what is allowed.' },
          field: {
            type: 'string',
            description: 'Dotted path of the input field at fault, when there is one.',
          },
        },
        required: ['code', 'message'],
      },
    },
    required: ['error'],
  };
}

const HEADERS: Record<number, Json> = {
  401: {
    'WWW-Authenticate': {
      description: 'The Bearer challenge, with error="invalid_token" and a short description.',
      schema: { type: 'string' },
    },
  },
  429: {
    'Retry-After': {
      description: 'Seconds to wait before retrying.',
      schema: { type: 'integer', minimum: 0 },
    },
  },
};

/** One reusable response per error code (components/responses), named by the code. */
export function errorResponses(model: Model): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const e of model.errors) {
    out[e.code] = {
      description: e.description,
      ...(HEADERS[e.status] && { headers: HEADERS[e.status] }),
      content: { 'application/json': { schema: schemaRef(ERROR_SCHEMA) } },
    };
  }
  return out;
}

/** `#/components/responses/<code>` keyed by status, for the given error codes that the model declares. */
export function errorRefs(a: { model: Model; codes: readonly string[] }): Record<string, Json> {
  const out: Record<string, Json> = {};
  const known = new Map<string, ErrorDef>(a.model.errors.map((e) => [e.code, e]));
  for (const code of a.codes) {
    const e = known.get(code);
    if (e) out[String(e.status)] = { $ref: `#/components/responses/${code}` };
  }
  return out;
}

/**
 * The errors a tool can answer with: every tool can meet bad input, credentials, scope or Host
 * checks, the body and rate limits, and the database; records can be missing; writes can conflict.
 */
export function toolErrorCodes(tool: Tool): string[] {
  const codes = ['INVALID_INPUT', 'UNAUTHORIZED', 'FORBIDDEN'];
  const namesRecord = tool.organizationScoped || tool.input.some((f) => f.name === 'id');
  if (namesRecord) codes.push('NOT_FOUND');
  if (tool.access === 'write') codes.push('CONFLICT');
  codes.push('PAYLOAD_TOO_LARGE', 'RATE_LIMITED', 'INTERNAL', 'UNAVAILABLE');
  return codes;
}
