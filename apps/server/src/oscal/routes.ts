import { OscalImportError } from '@comply/oscal';
import type { Storage } from '@comply/storage';
import type { FastifyInstance } from 'fastify';
import { ToolError } from '../core/errors.js';
import { HttpError } from '../http/errors.js';
import { oscalOrganization } from './access.js';
import { exportOscalText } from './export.js';
import { type ImportOptions, importOscal, OscalDocumentError } from './import.js';
import { libraryEntries } from './library.js';

/** The prefix of the OSCAL routes: Bearer authentication and rate limits apply under it. */
export const OSCAL_PREFIX = '/api/oscal/';

/** An OSCAL document may be far larger than a tool call: its own body limit. */
export const OSCAL_BODY_LIMIT = 16 * 1024 * 1024;

// The first validation issues a refusal lists.
const SHOWN_ISSUES = 20;

/**
 * An import's failure as what the app's error handler renders: schema issues and import problems
 * become a 400 carrying their JSON pointers; anything else is thrown on unchanged.
 */
export function oscalError(error: unknown): unknown {
  const invalid = (message: string, details: Record<string, unknown>) =>
    new HttpError({ status: 400, code: 'INVALID_INPUT', message, details: { field: 'body', ...details } });
  if (error instanceof OscalDocumentError)
    return invalid(error.message, { issues: error.issues.slice(0, SHOWN_ISSUES) });
  if (error instanceof OscalImportError)
    return invalid(`The document cannot be imported: ${error.message}.`, { pointer: error.pointer });
  return error;
}

type Query = ImportOptions & { organization_id?: string; framework_id?: string };

/** `POST /api/oscal/import`, `GET /api/oscal/export/{model}` and `GET /api/oscal/library`. */
export function registerOscalRoutes({ app, storage }: { app: FastifyInstance; storage: Storage }) {
  app.post<{ Querystring: Query }>(
    `${OSCAL_PREFIX}import`,
    { bodyLimit: OSCAL_BODY_LIMIT },
    async (request, reply) => {
      try {
        const caller = request.caller!;
        const organizationId = oscalOrganization({
          caller,
          organizationId: request.query.organization_id,
          write: true,
        });
        const result = await importOscal({
          storage,
          organizationId,
          actor: { userId: caller.userId, tokenId: caller.tokenId, source: 'rest', action: 'importOscal' },
          doc: request.body,
          options: request.query,
        });
        storage.changes.dataChanged(organizationId);
        return reply.code(201).send(result);
      } catch (error) {
        throw oscalError(error);
      }
    },
  );

  app.get<{ Params: { model: string }; Querystring: Query }>(
    `${OSCAL_PREFIX}export/:model`,
    async (request, reply) => {
      const caller = request.caller!;
      const organizationId = oscalOrganization({
        caller,
        organizationId: request.query.organization_id,
        write: false,
      });
      const organization = await storage.organizations.getForUser({
        organizationId,
        userId: caller.userId,
      });
      if (!organization)
        throw new ToolError({
          code: 'NOT_FOUND',
          field: 'organization_id',
          message: 'No such organization.',
        });
      const { model } = request.params;
      const text = await exportOscalText({
        storage,
        organization,
        model,
        frameworkId: request.query.framework_id,
      });
      const name = `comply-${model}-${request.query.framework_id ?? organizationId}.json`;
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`)
        .send(text);
    },
  );

  app.get(`${OSCAL_PREFIX}library`, async (_request, reply) => reply.send({ entries: libraryEntries() }));
}
