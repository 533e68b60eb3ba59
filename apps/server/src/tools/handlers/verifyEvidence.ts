// Created by `npm run generate` from specs/tools/verifyEvidence.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { getRecord, organizationOf } from '../registers.js';

/** Re-hash the organization's stored evidence files (or one record's) and report mismatches. */
export const verifyEvidence: ToolHandler<'verifyEvidence'> = async (ctx, args) => {
  const organizationId = organizationOf(ctx);
  if (args.id !== undefined) {
    await getRecord({
      ctx,
      args: { id: args.id },
      kind: 'evidence',
      get: (p) => ctx.storage.evidence.get(p),
    });
  }
  return ctx.storage.evidenceVault.verify({ organizationId, evidenceId: args.id });
};
