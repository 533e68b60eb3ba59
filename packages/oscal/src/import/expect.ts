import { MAX_DEPTH, tooDeep } from '../depth.js';
import { OscalImportError } from '../errors.js';
import { isObject, oscalModel } from '../model.js';
import type { OscalModel } from '../types.js';

/** The models Comply imports. */
export const IMPORTABLE_MODELS = ['catalog', 'profile', 'mapping-collection'] as const;

/** One of the importable models. */
export type ImportableModel = (typeof IMPORTABLE_MODELS)[number];

const accepted = `Comply imports ${IMPORTABLE_MODELS.join(', ')} documents`;

/** The model of an importable document; anything else throws an OscalImportError naming the accepted models. */
export function importableModel(doc: unknown): ImportableModel {
  const model = oscalModel(doc);
  if (!model) throw new OscalImportError(`not an OSCAL document: ${accepted}`, '');
  const importable = IMPORTABLE_MODELS.find((candidate) => candidate === model);
  if (!importable)
    throw new OscalImportError(`${model} documents cannot be imported: ${accepted}`, `/${model}`);
  return importable;
}

/** The body of a document of the expected model (throws otherwise). */
export function expectModel({ doc, model }: { doc: unknown; model: OscalModel }): Record<string, unknown> {
  const found = importableModel(doc);
  const deep = tooDeep(doc);
  if (deep !== null) throw new OscalImportError(`the document nests deeper than ${MAX_DEPTH} levels`, deep);
  if (found !== model) throw new OscalImportError(`expected a ${model} document, got ${found}`, `/${found}`);
  const body = (doc as Record<string, unknown>)[model];
  if (!isObject(body)) throw new OscalImportError(`\`${model}\` must be an object`, `/${model}`);
  return body;
}
