// Created by `npm run generate` from specs/registers/evidence.yaml. This file is yours: implement the handler here.
import { withEvidenceFile } from '@comply/storage';
import { fileSource, storeFile } from '../../evidence/store-file.js';
import type { ToolHandler } from '../handler.js';
import { toUpdateParams } from '../registers.js';

/**
 * Update evidence. A new file (the REST upload, or `content_base64`) becomes the next revision;
 * earlier revisions stay. The file and the record change in one transaction.
 */
export const updateEvidence: ToolHandler<'updateEvidence'> = async (ctx, args) => {
  const params = toUpdateParams({ ctx, args });
  const { content_base64, filename, media_type, ...patch } = params.patch;
  const source = fileSource({
    upload: ctx.upload,
    contentBase64: content_base64,
    filename,
    mediaType: media_type,
    maxBytes: ctx.upload?.maxBytes,
  });
  if (!source) return ctx.storage.evidence.update({ ...params, patch });
  return ctx.storage.transaction(async (repos) => {
    const file = await storeFile({ repos, organizationId: params.organizationId, source });
    return repos.evidence.update({ ...params, patch: withEvidenceFile(patch, file) });
  });
};
