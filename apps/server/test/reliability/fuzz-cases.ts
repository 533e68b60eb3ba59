import { type ToolName, tools } from '@comply/schemas';
import fc from 'fast-check';
import { itemObjectProperties, mutationArbitrary } from './invalid-arbitrary.js';
import { asSchema } from './json-schema.js';
import { type IdSource, validArbitrary } from './valid-arbitrary.js';

/** A tool input with exactly one mistake, and the field the error must name. */
export interface InvalidCase {
  input: Record<string, unknown>;
  field: string;
  kind: string;
  value: unknown;
}

/** A tool, the organization its inputs name and where their ids come from. */
interface InputsOf {
  tool: ToolName;
  organizationId: string;
  ids: IdSource;
}

/** Valid inputs of `tool`, in `organizationId` whenever the input names an organization. */
export function validInputs({ tool, organizationId, ids }: InputsOf) {
  const schema = asSchema(tools[tool].inputJsonSchema);
  return validArbitrary({ schema, ids }).map((value) => {
    const input = value as Record<string, unknown>;
    if ('organization_id' in input || schema.required?.includes('organization_id'))
      input.organization_id = organizationId;
    return input;
  });
}

/** Valid inputs of `tool` with one invalid property, unknown key or list item property. */
export function invalidInputs({ tool, organizationId, ids }: InputsOf) {
  const schema = asSchema(tools[tool].inputJsonSchema);
  const base = validInputs({ tool, organizationId, ids });
  const topLevel = fc.tuple(base, mutationArbitrary({ schema })).map(([input, m]): InvalidCase => {
    const key = m.field;
    return { input: { ...input, [key]: m.value }, field: key, kind: m.kind, value: m.value };
  });
  const inItems = itemObjectProperties(schema).map(([name, item]) =>
    fc
      .tuple(
        base,
        validArbitrary({ schema: item, ids }),
        mutationArbitrary({ schema: item, path: [name, '0'] }),
      )
      .map(([input, valid, m]): InvalidCase => {
        const key = m.field.split('.').pop() ?? '';
        const bad = { ...(valid as object), [key]: m.value };
        return {
          input: { ...input, [name]: [bad] },
          field: m.field,
          kind: `list item: ${m.kind}`,
          value: m.value,
        };
      }),
  );
  return fc.oneof(
    { arbitrary: topLevel, weight: 3 },
    ...inItems.map((arbitrary) => ({ arbitrary, weight: 1 })),
  );
}
