import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { componentSchemas } from '../emit/openapi/schemas.js';
import type { Model } from '../model/types.js';
import { names } from '../naming/naming.js';
import type { Catalog } from './catalog.js';
import type { Diagnostic } from './diagnostic.js';

/** The dotted field an ajv error is about, as the server's INVALID_INPUT names it (`status.0`). */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.split('/').slice(1);
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const leaf = params.missingProperty ?? params.additionalProperty;
  return [...path, ...(leaf ? [leaf] : [])].join('.');
}

/**
 * Every tool has an example; valid examples match the tool's input schema (the one MCP and OpenAPI
 * publish) and invalid ones fail it at the field they name. Runs on the model, before emitting.
 */
export function checkExamples(a: { model: Model; catalog: Catalog }): Diagnostic[] {
  const ajv = new Ajv2020({ allErrors: true, strictSchema: false });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'comply:openapi', components: { schemas: componentSchemas(a.model) } });
  const out: Diagnostic[] = [];
  for (const tool of a.model.tools) {
    const spec = a.catalog.tools.find((d) => d.raw.name === tool.name)?.spec;
    if (!spec) continue;
    const at = (c: { code: string; path: (string | number)[]; message: string; fix: string }) =>
      out.push({ code: c.code, file: spec.file, line: spec.lineOf(c.path), message: c.message, fix: c.fix });
    const validate = ajv.getSchema(`comply:openapi#/components/schemas/${names.toolInputSchema(tool.name)}`);
    if (!validate) throw new Error(`No input schema for ${tool.name}`);
    if (tool.examples.length === 0) {
      at({
        code: 'MISSING_EXAMPLE',
        path: ['name'],
        message: `Tool \`${tool.name}\` has no example.`,
        fix: 'Add `examples:` with at least one `- input: {…}` that the tool accepts (ids as placeholders, e.g. org_…).',
      });
    }
    tool.examples.forEach((example, i) => {
      if (validate(example.input)) return;
      const first = validate.errors?.[0];
      at({
        code: 'INVALID_EXAMPLE',
        path: ['examples', i, 'input', ...(first ? fieldOf(first).split('.').filter(Boolean) : [])],
        message: `Example ${i + 1} of \`${tool.name}\` does not match its input: \`${first ? fieldOf(first) || '(input)' : '?'}\` ${first?.message ?? ''}.`,
        fix: 'Correct the example so the tool accepts it.',
      });
    });
    tool.invalidExamples.forEach((example, i) => {
      const accepted = validate(example.input);
      const fields = (validate.errors ?? []).map(fieldOf);
      if (!accepted && fields.includes(example.field)) return;
      at({
        code: 'INVALID_EXAMPLE',
        path: ['invalid_examples', i, 'field'],
        message: accepted
          ? `Invalid example ${i + 1} of \`${tool.name}\` is accepted by its input schema.`
          : `Invalid example ${i + 1} of \`${tool.name}\` fails at ${fields.map((f) => `\`${f}\``).join(', ')}, not \`${example.field}\`.`,
        fix: 'Make the input fail at `field`, or name the field it fails at.',
      });
    });
  }
  return out;
}
