// Created by `npm run generate` from specs/registers/evidence.yaml. This file is yours: implement the handler here.
import { writeEvidence } from '../../evidence/store-file.js';
import type { ToolHandler } from '../handler.js';
import { toCreateParams } from '../registers.js';

/**
 * Add evidence. A file (streamed by the REST upload, or `content_base64`) is put in the
 * organization's blob store in the same transaction as the record: a failure leaves neither.
 */
export const addEvidence: ToolHandler<'addEvidence'> = async (ctx, args) => {
  const params = toCreateParams({ ctx, args });
  return writeEvidence(ctx, { organizationId: params.organizationId, fields: params.data }, (repos, data) =>
    repos.evidence.create({ ...params, data }),
  );
};
