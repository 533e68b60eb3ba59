import type { FastifyInstance } from 'fastify';
import { roleCanWrite } from '../core/caller.js';
import { exportOscalText } from '../oscal/export.js';
import { type ImportOptions, importOscal } from '../oscal/import.js';
import { OSCAL_BODY_LIMIT, oscalError } from '../oscal/routes.js';
import { routeMembership } from './access.js';
import { type ConsoleDeps, identityOf } from './context.js';
import { consoleError } from './errors.js';

const OPTION_KEYS = ['catalog_framework_id', 'library_key', 'source_framework_id', 'target_framework_id'];

function importOptions(query: Record<string, unknown>): ImportOptions {
  const options: Record<string, string> = {};
  for (const key of OPTION_KEYS) {
    const value = query[key];
    if (typeof value === 'string' && value.trim() !== '') options[key] = value.trim();
  }
  return options;
}

/**
 * OSCAL for the console: upload an import (session + CSRF, a role that may write, the same import
 * function and 16 MiB limit as `POST /api/oscal/import`) and download exports (the same export
 * function as the Bearer endpoint, as an attachment).
 */
export function registerConsoleOscalRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  scope.post<{ Params: { orgId: string }; Querystring: Record<string, unknown> }>(
    '/orgs/:orgId/oscal/import',
    { bodyLimit: OSCAL_BODY_LIMIT },
    async (request, reply) => {
      const { user } = identityOf(request);
      const organization = await routeMembership({ storage: deps.storage, request });
      if (!roleCanWrite(organization.role)) {
        throw consoleError({
          code: 'FORBIDDEN',
          message: `Importing changes records, and your role in this organization (${organization.role}) may only read.`,
        });
      }
      try {
        const result = await importOscal({
          storage: deps.storage,
          organizationId: organization.id,
          actor: { userId: user.id, tokenId: null, source: 'console', action: 'importOscal' },
          doc: request.body,
          options: importOptions(request.query),
        });
        deps.storage.changes.dataChanged(organization.id);
        return reply.code(201).send(result);
      } catch (error) {
        throw oscalError(error);
      }
    },
  );

  scope.get<{ Params: { orgId: string; model: string }; Querystring: { framework_id?: string } }>(
    '/orgs/:orgId/oscal/export/:model',
    async (request, reply) => {
      const organization = await routeMembership({ storage: deps.storage, request });
      const frameworkId = request.query.framework_id || undefined;
      const { model } = request.params;
      const text = await exportOscalText({ storage: deps.storage, organization, model, frameworkId });
      const name = `comply-${model}-${frameworkId ?? organization.id}.json`.replace(/[^\w.-]/g, '_');
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(text);
    },
  );
}
