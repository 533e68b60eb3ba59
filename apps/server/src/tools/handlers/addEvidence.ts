// Created by `npm run generate` from specs/registers/evidence.yaml. This file is yours: implement the handler here.
import { withEvidenceFile } from '@comply/storage';
import { fileSource, storeFile } from '../../evidence/store-file.js';
import type { ToolHandler } from '../handler.js';
import { toCreateParams } from '../registers.js';

/**
 * Add evidence. A file (streamed by the REST upload, or `content_base64`) is put in the
 * organization's blob store in the same transaction as the record: a failure leaves neither.
 */
export const addEvidence: ToolHandler<'addEvidence'> = async (ctx, args) => {
  const params = toCreateParams({ ctx, args });
  const { content_base64, filename, media_type, ...data } = params.data;
  const source = fileSource({
    upload: ctx.upload,
    contentBase64: content_base64,
    filename,
    mediaType: media_type,
    maxBytes: ctx.upload?.maxBytes,
  });
  if (!source) return ctx.storage.evidence.create({ ...params, data });
  return ctx.storage.transaction(async (repos) => {
    const file = await storeFile({ repos, organizationId: params.organizationId, source });
    return repos.evidence.create({ ...params, data: withEvidenceFile(data, file) });
  });
};
