import type { Readable } from 'node:stream';
import type { Storage } from '@comply/storage';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Caller } from '../core/caller.js';
import type { ToolCore } from '../core/tool-core.js';
import { attachmentDisposition } from '../evidence/routes.js';
import { requiredParam } from '../export/auditor.js';
import { EXPORT_PREFIX } from '../export/routes.js';
import { oscalOrganization } from '../oscal/access.js';
import { auditorPackage } from './build.js';
import { packageRequest } from './params.js';

/** `GET /api/export/auditor-package`: a token's door to the package (the console has its own). */
export const AUDITOR_PACKAGE_PATH = `${EXPORT_PREFIX}auditor-package`;

/** What one package costs of the token's rate limit: it runs many reads and streams every file. */
export const AUDITOR_PACKAGE_COST = 10;

type Query = { Querystring: Record<string, string | string[]> };

/** Sends the package as a streamed attachment (its size is not known before the end). */
export function sendPackage(args: { reply: FastifyReply; filename: string; stream: Readable }) {
  return args.reply
    .code(200)
    .header('content-type', 'application/zip')
    .header('content-disposition', attachmentDisposition(args.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(args.stream);
}

/** The package for `caller` in `organizationId`, every read through the tool core as that caller. */
export async function packageFor(args: {
  app: FastifyInstance;
  core: ToolCore;
  storage: Storage;
  caller: Caller;
  organizationId: string;
  query: Record<string, unknown>;
}) {
  const { app, core, caller } = args;
  return auditorPackage({
    storage: args.storage,
    caller,
    organizationId: args.organizationId,
    request: packageRequest(args.query),
    run: async (name, input) => (await core.invoke({ caller, name, input })).output,
    log: (error) => app.log.error({ err: error }, 'auditor package stream failed'),
  });
}

/**
 * `GET /api/export/auditor-package?organization_id&framework_id&period_start&period_end` with a
 * token: the ZIP of docs/server.md, "Auditor package". Reading is enough (a read-only token, a
 * VIEWER, an AUDITOR); an organization the token cannot reach is 404.
 */
export function registerAuditorPackageRoute(args: {
  app: FastifyInstance;
  core: ToolCore;
  storage: Storage;
}) {
  const { app } = args;
  app.get<Query>(AUDITOR_PACKAGE_PATH, async (request, reply) => {
    const caller = request.caller!;
    const organizationId = oscalOrganization({
      caller,
      organizationId: requiredParam(request.query, 'organization_id'),
      write: false,
    });
    const built = await packageFor({ ...args, caller, organizationId, query: request.query });
    return sendPackage({ reply, ...built });
  });
}
