import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { MAX_DEPTH, tooDeep } from './depth.js';
import { firstIssues } from './issues.js';
import { OSCAL_MODELS, oscalModel } from './model.js';
import { readPackageJson } from './paths.js';
import type { OscalIssue, OscalModel } from './types.js';

// ajv-formats ships CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

let ajv: Ajv | null = null;
const validators = new Map<OscalModel, ValidateFunction>();

interface Branch {
  required: string[];
  properties: Record<string, { $ref: string }>;
}

interface CompleteSchema {
  $id: string;
  oneOf: Branch[];
  [key: string]: unknown;
}

let branches: { id: string; oneOf: Branch[] } | null = null;

// The complete schema is added once (without its root oneOf) and each model gets a small root that
// refers into it, so a catalog's errors are not drowned in the seven other models' mismatches and
// the definitions the models share (metadata, back-matter…) are compiled once.
function validatorFor(model: OscalModel): ValidateFunction {
  const cached = validators.get(model);
  if (cached) return cached;
  if (!ajv || !branches) {
    const { oneOf, ...definitions } = readPackageJson('schema/oscal_complete_schema.json') as CompleteSchema;
    ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
    ajv.addSchema(definitions);
    branches = { id: definitions.$id, oneOf };
  }
  const branch = branches.oneOf.find((candidate) => candidate.required.includes(model));
  if (!branch) throw new Error(`the OSCAL schema has no ${model} model`);
  const id = branches.id;
  const properties = Object.fromEntries(
    Object.entries(branch.properties).map(([key, property]) => [key, { $ref: `${id}${property.$ref}` }]),
  );
  const validate = ajv.compile({
    type: 'object',
    properties,
    required: branch.required,
    additionalProperties: false,
  });
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
  const deep = tooDeep(doc);
  if (deep !== null)
    return { ok: false, issues: [{ pointer: deep, message: `nests deeper than ${MAX_DEPTH} levels` }] };
  const validate = validatorFor(model);
  if (validate(doc)) return { ok: true, model };
  return { ok: false, issues: firstIssues(validate.errors ?? []) };
}
