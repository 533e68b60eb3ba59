import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { OSCAL_MODELS, oscalModel } from './model.js';
import { readPackageJson } from './paths.js';
import type { OscalIssue, OscalModel } from './types.js';

const MAX_ISSUES = 10;

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

function issueOf(error: ErrorObject): OscalIssue {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    return { pointer: `${error.instancePath}/${params.missingProperty}`, message: 'is required' };
  }
  if (error.keyword === 'additionalProperties') {
    return {
      pointer: `${error.instancePath}/${params.additionalProperty}`,
      message: 'is not allowed here (unknown property)',
    };
  }
  if (error.keyword === 'enum') {
    const allowed = (params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ');
    return { pointer: error.instancePath, message: `must be one of ${allowed}` };
  }
  return { pointer: error.instancePath, message: error.message ?? `fails ${error.keyword}` };
}

const depth = (issue: OscalIssue) => issue.pointer.split('/').length;

function firstIssues(errors: ErrorObject[]): OscalIssue[] {
  const seen = new Set<string>();
  const issues: OscalIssue[] = [];
  // anyOf/allOf wrappers repeat their branches' errors; the branch errors say more. The schema's
  // anyOf alternatives also report shallow mismatches of the branches that did not apply, so the
  // deepest issues (those inside the branch that matched) come first.
  const sorted = [...errors].sort(
    (a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length,
  );
  for (const error of sorted) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'allOf') continue;
    const issue = issueOf(error);
    const key = `${issue.pointer} ${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
    if (issues.length === MAX_ISSUES) break;
  }
  return issues.sort((a, b) => depth(b) - depth(a));
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
