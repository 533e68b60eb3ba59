import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { boundErrors, ERROR_BUDGET_HELPERS, type ErrorBudget, TooManyErrors } from './bounded-ajv.js';
import { MAX_DEPTH, tooDeep } from './depth.js';
import { firstIssues } from './issues.js';
import { IMPORT_LIMITS } from './limits.js';
import { OSCAL_MODELS, oscalModel } from './model.js';
import { readPackageJson } from './paths.js';
import type { OscalIssue, OscalModel } from './types.js';

// ajv-formats ships CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

interface Validators {
  /** Stops at the first error: linear, and what a valid document costs. */
  check: ValidateFunction;
  /** Gathers errors for the report, within IMPORT_LIMITS.schemaErrors (compiled when first needed). */
  report: () => ValidateFunction;
}

let ajv: { check: Ajv; report: Ajv & ErrorBudget } | null = null;
const validators = new Map<OscalModel, Validators>();

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
function validatorFor(model: OscalModel): Validators {
  const cached = validators.get(model);
  if (cached) return cached;
  if (!ajv || !branches) {
    const { oneOf, ...definitions } = readPackageJson('schema/oscal_complete_schema.json') as CompleteSchema;
    const check = addFormats(new Ajv({ strict: false, allErrors: false }));
    const report = Object.assign(
      addFormats(new Ajv({ strict: false, allErrors: true, code: { process: boundErrors } })),
      ERROR_BUDGET_HELPERS,
    );
    check.addSchema(definitions);
    report.addSchema(definitions);
    ajv = { check, report };
    branches = { id: definitions.$id, oneOf };
  }
  const branch = branches.oneOf.find((candidate) => candidate.required.includes(model));
  if (!branch) throw new Error(`the OSCAL schema has no ${model} model`);
  const id = branches.id;
  const properties = Object.fromEntries(
    Object.entries(branch.properties).map(([key, property]) => [key, { $ref: `${id}${property.$ref}` }]),
  );
  const root = { type: 'object', properties, required: branch.required, additionalProperties: false };
  const { check, report } = ajv;
  let reporter: ValidateFunction | null = null;
  const compiled = {
    check: check.compile(root),
    report: () => {
      reporter ??= report.compile(root);
      return reporter;
    },
  };
  validators.set(model, compiled);
  return compiled;
}

/** The errors of an invalid document: all of them, or the first IMPORT_LIMITS.schemaErrors met. */
function reportErrors({ validate, doc }: { validate: ValidateFunction; doc: unknown }) {
  ajv!.report.complyErrorsLeft = IMPORT_LIMITS.schemaErrors;
  ajv!.report.complyErrorsMet = [];
  try {
    validate(doc);
    return validate.errors ?? [];
  } catch (error) {
    if (error instanceof TooManyErrors) return error.errors;
    throw error;
  } finally {
    ajv!.report.complyErrorsMet = [];
  }
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
  const { check, report } = validatorFor(model);
  if (check(doc)) return { ok: true, model };
  return { ok: false, issues: firstIssues(reportErrors({ validate: report(), doc })) };
}
