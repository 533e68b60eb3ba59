import type { Document } from '@comply/schemas';
import type { Storage } from '@comply/storage';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Caller } from '../core/caller.js';
import { ToolError } from '../core/errors.js';
import type { ToolCore } from '../core/tool-core.js';
import { sendStoredFile } from '../evidence/routes.js';

/** The prefix of the document file route: Bearer authentication and rate limits apply under it. */
export const DOCUMENTS_PREFIX = '/api/documents/';

/**
 * Sends the file of version `version` of a document, read through getDocument (so whoever can
 * read the document can download it), as the evidence download does: attachment, nosniff.
 */
export async function sendDocumentVersionFile(args: {
  reply: FastifyReply;
  core: ToolCore;
  storage: Storage;
  caller: Caller;
  documentId: string;
  version: string;
  organizationId?: string;
}): Promise<FastifyReply> {
  const input = {
    id: args.documentId,
    ...(args.organizationId ? { organization_id: args.organizationId } : {}),
  };
  const { output } = await args.core.invoke({ caller: args.caller, name: 'getDocument', input });
  const document = output as Document;
  const wanted = Number(args.version);
  const version = document.versions.find((v) => v.version === wanted);
  if (!version) {
    throw new ToolError({
      code: 'NOT_FOUND',
      field: 'version',
      message: `Document \`${document.id}\` has no version ${args.version}.`,
    });
  }
  if (!version.file) {
    throw new ToolError({
      code: 'NOT_FOUND',
      field: 'version',
      message: `Version ${wanted} of document \`${document.id}\` is Markdown, not a file; read it with getDocument.`,
    });
  }
  return sendStoredFile({
    reply: args.reply,
    storage: args.storage,
    organizationId: document.organization_id,
    file: version.file,
    missing: `The file of version ${wanted} of document \`${document.id}\` is missing from storage; run verifyEvidence.`,
  });
}

/** `GET /api/documents/{id}/versions/{n}/file`: a file version's file, for a token holder (Bearer). */
export function registerDocumentFileRoute(args: {
  app: FastifyInstance;
  core: ToolCore;
  storage: Storage;
}): void {
  args.app.get<{ Params: { id: string; version: string } }>(
    `${DOCUMENTS_PREFIX}:id/versions/:version/file`,
    async (request, reply) =>
      sendDocumentVersionFile({
        reply,
        core: args.core,
        storage: args.storage,
        caller: request.caller!,
        documentId: request.params.id,
        version: request.params.version,
      }),
  );
}
