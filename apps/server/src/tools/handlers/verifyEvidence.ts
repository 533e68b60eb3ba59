// Created by `npm run generate` from specs/tools/verifyEvidence.yaml. This file is yours: implement the handler here.

import { ToolError, type ToolHandler } from '../handler.js';
import { organizationOf } from '../registers.js';

/** Re-hash the organization's stored evidence files (or one record's) and report mismatches. */
export const verifyEvidence: ToolHandler<'verifyEvidence'> = async (ctx, args) => {
  const organizationId = organizationOf(ctx);
  const evidenceId = args.evidence_id;
  if (
    evidenceId !== undefined &&
    (await ctx.storage.evidence.get({ organizationId, id: evidenceId })) === null
  ) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'evidence_id',
      message: `\`evidence_id\` ${evidenceId} is not evidence of this organization; use listEvidence to find valid ids, or leave it out to verify every file.`,
    });
  }
  return ctx.storage.evidenceVault.verify({ organizationId, evidenceId });
};
