import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { boundErrors, ERROR_BUDGET_HELPERS } from '../src/bounded-ajv.js';

// boundErrors rewrites the code Ajv generates. If an Ajv upgrade changes that code's shape, the
// rewrite silently stops applying and error gathering turns quadratic again: fail here instead.
describe('the bounded error gathering', () => {
  const schema = {
    $id: 'https://example.test/bounded',
    definitions: {
      item: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    },
    type: 'array',
    items: { $ref: '#/definitions/item' },
  };

  it('rewrites every place Ajv gathers or counts an error', () => {
    const source: string[] = [];
    const ajv = new Ajv({
      allErrors: true,
      code: {
        process: (code) => {
          source.push(code);
          return boundErrors(code);
        },
      },
    });
    ajv.compile(schema);
    const code = source.join('\n');
    expect(code).toMatch(/vErrors\.concat\(/);
    expect(code).toMatch(/errors\+\+;/);
    const rewritten = boundErrors(code);
    expect(rewritten).not.toMatch(/vErrors\.concat\(/);
    expect(rewritten).toContain('self.complyAppend(vErrors, ');
    expect(rewritten).toContain('self.complyCount(vErrors)');
  });

  it('stops gathering at the budget', () => {
    const ajv = Object.assign(
      new Ajv({ allErrors: true, code: { process: boundErrors } }),
      ERROR_BUDGET_HELPERS,
    );
    const validate = ajv.compile(schema);
    ajv.complyErrorsLeft = 5;
    ajv.complyErrorsMet = [];
    const doc = Array.from({ length: 50 }, () => ({ a: 1, extra: true }));
    expect(() => validate(doc)).toThrow('too many schema errors');
    expect(ajv.complyErrorsMet).toHaveLength(6);
  });
});
