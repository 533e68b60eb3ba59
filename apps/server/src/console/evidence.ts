import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendDocumentVersionFile } from '../documents/file-route.js';
import { evidenceFor, registerMultipart, sendEvidenceFile, uploadThroughTool } from '../evidence/routes.js';
import { routeMembership } from './access.js';
import { type ConsoleDeps, identityOf } from './context.js';
import { consoleCaller } from './read-tool.js';

async function callerIn(
  request: FastifyRequest<{ Params: { orgId: string } }>,
  deps: ConsoleDeps,
  write: boolean,
) {
  const { user } = identityOf(request);
  const organization = await routeMembership({ storage: deps.storage, request });
  return {
    organization,
    caller: consoleCaller({ request, user, organization, scope: write ? 'WRITE' : 'READ' }),
  };
}

/**
 * The console's evidence files, as the signed-in user in one organization, through the same tool
 * core and file handling as the REST doors (`/api/evidence/…`):
 * - `POST /api/console/orgs/:orgId/evidence/upload` (multipart): addEvidence with a file;
 * - `POST /api/console/orgs/:orgId/evidence/:id/revisions` (multipart): a new file revision;
 * - `GET /api/console/orgs/:orgId/evidence/:id/file[?revision=N]`: download (attachment, nosniff);
 * - `GET /api/console/orgs/:orgId/documents/:id/versions/:version/file`: a file version's file.
 */
export async function registerConsoleEvidenceRoutes({
  scope,
  deps,
}: {
  scope: FastifyInstance;
  deps: ConsoleDeps;
}) {
  const maxBytes = deps.config.evidenceMaxBytes;
  await scope.register(async (files) => {
    await registerMultipart(files, maxBytes);
    /** The request's upload through `tool` as the signed-in member, in the path's organization. */
    const upload = async (
      request: FastifyRequest<{ Params: { orgId: string } }>,
      tool: 'addEvidence' | 'updateEvidence',
      fixed: Record<string, unknown>,
    ) => {
      const { organization, caller } = await callerIn(request, deps, true);
      const inOrganization = { ...fixed, organization_id: organization.id };
      return uploadThroughTool({ request, core: deps.core, caller, tool, fixed: inOrganization, maxBytes });
    };
    files.post<{ Params: { orgId: string } }>('/orgs/:orgId/evidence/upload', (request) =>
      upload(request, 'addEvidence', {}),
    );
    files.post<{ Params: { orgId: string; id: string } }>('/orgs/:orgId/evidence/:id/revisions', (request) =>
      upload(request, 'updateEvidence', { id: request.params.id }),
    );
    files.get<{ Params: { orgId: string; id: string }; Querystring: { revision?: string } }>(
      '/orgs/:orgId/evidence/:id/file',
      async (request, reply) => {
        const { organization, caller } = await callerIn(request, deps, false);
        const record = await evidenceFor({
          core: deps.core,
          caller,
          id: request.params.id,
          organizationId: organization.id,
        });
        return sendEvidenceFile({ reply, storage: deps.storage, record, revision: request.query.revision });
      },
    );
    files.get<{ Params: { orgId: string; id: string; version: string } }>(
      '/orgs/:orgId/documents/:id/versions/:version/file',
      async (request, reply) => {
        const { organization, caller } = await callerIn(request, deps, false);
        return sendDocumentVersionFile({
          reply,
          core: deps.core,
          storage: deps.storage,
          caller,
          documentId: request.params.id,
          version: request.params.version,
          organizationId: organization.id,
        });
      },
    );
  });
}
