// Created by `npm run generate` from specs/tools/acknowledgeDocument.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf } from '../registers.js';

/** The caller acknowledges the published version of a document, for themself only. */
export const acknowledgeDocument: ToolHandler<'acknowledgeDocument'> = (ctx, args) =>
  ctx.storage.documents.acknowledge({
    organizationId: organizationOf(ctx),
    id: args.document_id,
    actor: ctx.actor,
    version: args.version,
    idempotencyKey: args.idempotency_key,
  });
