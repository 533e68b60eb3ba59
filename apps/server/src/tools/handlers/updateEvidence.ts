// Created by `npm run generate` from specs/registers/evidence.yaml. This file is yours: implement the handler here.
import { writeEvidence } from '../../evidence/store-file.js';
import type { ToolHandler } from '../handler.js';
import { toUpdateParams } from '../registers.js';

/**
 * Update evidence. A new file (the REST upload, or `content_base64`) becomes the next revision;
 * earlier revisions stay. The file and the record change in one transaction.
 */
export const updateEvidence: ToolHandler<'updateEvidence'> = async (ctx, args) => {
  const params = toUpdateParams({ ctx, args });
  return writeEvidence(ctx, { organizationId: params.organizationId, fields: params.patch }, (repos, patch) =>
    repos.evidence.update({ ...params, patch }),
  );
};
