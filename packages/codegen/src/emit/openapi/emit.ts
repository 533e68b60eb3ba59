import type { Model } from '../../model/types.js';
import { paths } from '../../naming/naming.js';
import type { EmittedFile } from '../header.js';
import { openApiDocument } from './document.js';

/** `openapi.gen.json` of @comply/schemas. JSON has no comments: the do-not-edit note is `x-generated`. */
export function emitOpenApi(a: { model: Model }): EmittedFile {
  const sources = [...a.model.typeSources, ...a.model.http.sources, ...a.model.tools.map((t) => t.source)];
  const document = {
    'x-generated': 'GENERATED FILE. DO NOT EDIT. Change the specs and run `npm run generate`.',
    ...openApiDocument(a.model),
  };
  return { path: paths.schemas.openapi, sources, mode: 'generated', text: JSON.stringify(document, null, 2) };
}
