import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { firstIssues } from './issues.js';
import { OSCAL_MODELS, oscalModel } from './model.js';
import { readPackageJson } from './paths.js';
import type { OscalIssue, OscalModel } from './types.js';

// ajv-formats ships CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

let ajv: Ajv | null = null;
const validators = new Map<OscalModel, ValidateFunction>();

interface CompleteSchema {
  $id: string;
  oneOf: { required: string[] }[];
  [key: string]: unknown;
}

// One compiled validator per model: the complete schema with its root narrowed to that model's branch,
// so a catalog's errors are not drowned in the seven other branches' mismatches.
function validatorFor(model: OscalModel): ValidateFunction {
  const cached = validators.get(model);
  if (cached) return cached;
  ajv ??= addFormats(new Ajv({ strict: false, allErrors: true }));
  const schema = readPackageJson('schema/oscal_complete_schema.json') as CompleteSchema;
  const branch = schema.oneOf.find((candidate) => candidate.required.includes(model));
  if (!branch) throw new Error(`the OSCAL schema has no ${model} model`);
  const { oneOf: _all, ...rest } = schema;
  const validate = ajv.compile({ ...rest, ...branch, $id: `${schema.$id}#${model}` });
  validators.set(model, validate);
  return validate;
}

/** Validates against the official OSCAL 1.2.1 schema (compiled once per model, lazily). */
export function validateOscal(
  doc: unknown,
): { ok: true; model: OscalModel } | { ok: false; issues: OscalIssue[] } {
  const model = oscalModel(doc);
  if (!model) {
    const message = `not an OSCAL document: expected a JSON object with exactly one top-level key among ${OSCAL_MODELS.join(', ')}`;
    return { ok: false, issues: [{ pointer: '', message }] };
  }
  const validate = validatorFor(model);
  if (validate(doc)) return { ok: true, model };
  return { ok: false, issues: firstIssues(validate.errors ?? []) };
}
