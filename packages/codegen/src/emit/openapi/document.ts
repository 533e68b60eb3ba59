import type { Model } from '../../model/types.js';
import { registerTag, toolOperation, toolPath } from './operations.js';
import { ERROR_SCHEMA, errorResponses, errorSchema } from './responses.js';
import { componentSchemas, type Json } from './schemas.js';

/** Name of the Bearer scheme in components/securitySchemes. */
export const BEARER = 'bearerAuth';

const DESCRIPTION = `Every MCP tool of Comply is also a REST operation: \`POST /api/mcp/tools/{name}\` with the
tool's input as the JSON body answers its output as JSON, or \`{"error": {"code", "message", "field"}}\`
with the status of the error code. Send \`Authorization: Bearer <token>\` (a token from the console's
Settings → API Tokens). Record ids in the examples are placeholders (\`org_…\`, \`risk_…\`): use ids from
the list tools.`;

/** The whole OpenAPI 3.1 document: one operation per tool, plus the hand-written non-tool endpoints. */
export function openApiDocument(model: Model): Json {
  const paths: Record<string, Json> = {};
  for (const tool of model.tools) paths[toolPath(tool.name)] = { post: toolOperation({ model, tool }) };
  for (const [path, item] of Object.entries(model.http.paths)) paths[path] = { ...paths[path], ...item };
  const registers = [...new Set(model.tools.map(registerTag))].sort();
  return {
    openapi: '3.1.0',
    info: { title: 'Comply API', version: '1.0', description: DESCRIPTION },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    security: [{ [BEARER]: [] }],
    tags: [
      ...registers.map((name) => ({ name, description: `Tools of the ${name.toLowerCase()} register.` })),
      ...model.http.tags,
    ],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : 1))),
    components: {
      securitySchemes: {
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API token created in the console (Settings → API Tokens) or with `comply tokens create`.',
        },
      },
      schemas: { ...componentSchemas(model), ...model.http.schemas, [ERROR_SCHEMA]: errorSchema(model) },
      responses: errorResponses(model),
      parameters: model.http.parameters,
    },
  };
}
