import type { ErrorObject } from 'ajv';

/** Thrown out of a validation that met more errors than its budget; `errors` are those gathered so far. */
export class TooManyErrors extends Error {
  readonly errors: ErrorObject[];

  constructor(errors: ErrorObject[]) {
    super('too many schema errors');
    this.errors = errors;
  }
}

/** What the generated validators call (through Ajv's `self`): a budget of errors and a linear append. */
export interface ErrorBudget {
  complyErrorsLeft: number;
  /** Every error met, in order, including those of schema branches later found not to apply. */
  complyErrorsMet: ErrorObject[];
  complyCount(errors: ErrorObject[]): void;
  complyAppend(errors: ErrorObject[], more: ErrorObject[]): ErrorObject[];
}

/** Helpers the patched code calls, to be assigned onto the Ajv instance. */
export const ERROR_BUDGET_HELPERS: ErrorBudget = {
  complyErrorsLeft: 0,
  complyErrorsMet: [],
  complyCount(this: ErrorBudget, errors: ErrorObject[]) {
    this.complyErrorsMet.push(errors[errors.length - 1]!);
    this.complyErrorsLeft -= 1;
    if (this.complyErrorsLeft < 0) throw new TooManyErrors(this.complyErrorsMet);
  },
  complyAppend(errors: ErrorObject[], more: ErrorObject[]) {
    for (const error of more) errors.push(error);
    return errors;
  },
};

/**
 * Ajv's generated code with every error counted against the budget and each sub-schema's errors
 * appended in place: Ajv (8.20) gathers them with `vErrors.concat(…)`, which copies the whole list
 * at every `$ref` and makes a document with many errors quadratic (a 7.9 MB catalog with one
 * unknown property per control took 6 minutes).
 */
export function boundErrors(code: string): string {
  return code
    .replace(/vErrors\.concat\(/g, 'self.complyAppend(vErrors, ')
    .replace(/errors\+\+;/g, 'errors++;self.complyCount(vErrors);');
}
