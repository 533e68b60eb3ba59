// Created by `npm run generate` from specs/tools/addDocumentVersion.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf } from '../registers.js';

/** Writes the next (immutable) version of a document, authored by the caller. */
export const addDocumentVersion: ToolHandler<'addDocumentVersion'> = (ctx, args) =>
  ctx.storage.documents.addVersion({
    organizationId: organizationOf(ctx),
    id: args.document_id,
    actor: ctx.actor,
    content: args.content,
    evidenceId: args.evidence_id,
    changeNote: args.change_note,
    submit: args.submit,
    idempotencyKey: args.idempotency_key,
  });
