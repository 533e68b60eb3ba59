import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../src/http/openapi-route.js';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  responses: Record<string, Json>;
}

const doc = openApiDocument as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Json> };
};
const ajv = new Ajv2020({ allErrors: true, strictSchema: false });
addFormats.default(ajv);
ajv.addSchema({ $id: 'comply-openapi', components: doc.components });

/** Every operation of the document as `[method, path, operation]`. */
export function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, string, Operation] => [method, path, op]),
  );
}

/**
 * Checks a reply against the document: its status must be one the operation lists, and its JSON
 * body must match the schema documented for that status. Returns the problems, empty when it does.
 */
export function contractProblems(a: {
  path: string;
  method: string;
  status: number;
  body: unknown;
}): string[] {
  const op = doc.paths[a.path]?.[a.method];
  if (!op) return [`${a.method.toUpperCase()} ${a.path} is not documented`];
  let response = op.responses[String(a.status)];
  if (!response) return [`status ${a.status} is not documented for ${op.operationId}`];
  if (typeof response.$ref === 'string')
    response = doc.components.responses[response.$ref.split('/').pop()!]!;
  const schema = (response.content as Record<string, { schema: Json }> | undefined)?.['application/json']
    ?.schema;
  if (!schema) return [];
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  const validate = ajv.compile(ref ? { $ref: `comply-openapi${ref}` } : schema);
  if (validate(a.body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${op.operationId} ${a.status}: ${e.instancePath || '/'} ${e.message}`,
  );
}
