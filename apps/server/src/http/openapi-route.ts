import { createRequire } from 'node:module';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { COMPLY_ICON_SVG } from '../mcp/icons.js';

/** The generated OpenAPI 3.1 document of every endpoint (packages/schemas/src/openapi.gen.json). */
export const openApiDocument = createRequire(import.meta.url)('@comply/schemas/openapi.json') as Record<
  string,
  unknown
>;

// Swagger UI loads only its own files from /api/docs/static; no inline script, nothing from elsewhere.
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * `GET /api/openapi.json` and the API reference at `/api/docs` (Swagger UI, served locally). Neither
 * needs a token: the document describes the API and holds no data.
 */
export async function registerOpenApiRoutes({ app }: { app: FastifyInstance }) {
  app.get('/api/openapi.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(openApiDocument),
  );
  await app.register(async (scope) => {
    await scope.register(swagger, {
      mode: 'static',
      specification: { document: structuredClone(openApiDocument) as never },
    });
    await scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: DOCS_CSP,
      uiConfig: { validatorUrl: null, deepLinking: true, tryItOutEnabled: false },
      // Comply's own mark in the top bar, linking to the console, instead of the plugin's logo.
      logo: { type: 'image/svg+xml', content: Buffer.from(COMPLY_ICON_SVG), href: '/', target: '_self' },
      theme: { title: 'Comply API reference' },
    });
  });
}
