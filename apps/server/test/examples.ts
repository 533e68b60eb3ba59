import { type ToolName, toolNames, tools } from '@comply/schemas';
import type { TestServer } from './harness.js';
import { caseInput, REGISTERS } from './register-cases.js';

/** A placeholder id in a spec example: `<prefix>_…`, e.g. `org_…`, `risk_…`. */
const PLACEHOLDER = /^([a-z]+)_…$/;

/** One example of every tool, from the specs, as `[tool, title, input]` rows for `it.each`. */
export function exampleRows(): [ToolName, string, Readonly<Record<string, unknown>>][] {
  return toolNames.flatMap((name) =>
    tools[name].examples.map((e, i): [ToolName, string, Readonly<Record<string, unknown>>] => [
      name,
      e.title ?? `example ${i + 1}`,
      e.input,
    ]),
  );
}

/**
 * Real ids to put in place of the examples' placeholders, by id prefix: the organization's own id,
 * and the first record every organization-scoped list tool returns. A register the seed left empty
 * gets one record from its case in register-cases.ts, so new registers need no edit here.
 */
export async function exampleIds(a: {
  server: TestServer;
  organizationId: string;
}): Promise<Map<string, string>> {
  const ids = new Map([['org', a.organizationId]]);
  for (const name of toolNames.filter((n) => n.startsWith('list') && tools[n].organizationScoped)) {
    const { body } = await a.server.call(name, { organization_id: a.organizationId, page_size: 1 });
    const items = Object.values(body ?? {}).find(Array.isArray) as { id?: unknown }[] | undefined;
    const id = items?.[0]?.id ?? (await addFromCase({ ...a, list: name }));
    if (typeof id === 'string') ids.set(id.slice(0, id.indexOf('_')), id);
  }
  return ids;
}

/** Adds one record of the register whose list tool is `list`, from its case; its id, or undefined. */
async function addFromCase(a: {
  server: TestServer;
  organizationId: string;
  list: string;
}): Promise<unknown> {
  const c = REGISTERS.find((r) => `list${r.plural}` === a.list);
  if (!c) return undefined;
  const add = async (tool: string, fields: Record<string, unknown>) =>
    (await a.server.call(tool, { organization_id: a.organizationId, ...fields })).body?.id;
  const input = await caseInput({ c, label: 'Example record', add });
  const { body } = await a.server.call(`add${c.singular}`, { organization_id: a.organizationId, ...input });
  return (body as { id?: unknown } | undefined)?.id;
}

/** The input with each placeholder replaced by a real id; an unknown kind fails loudly. */
export function withIds<T>(a: { input: T; ids: ReadonlyMap<string, string> }): T {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const prefix = PLACEHOLDER.exec(value)?.[1];
      if (prefix === undefined) return value;
      const id = a.ids.get(prefix);
      if (!id) throw new Error(`No record of kind \`${prefix}\` to stand in for \`${value}\` in an example.`);
      return id;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(a.input) as T;
}

/** The input with ` <run>` after its `name` and `title`, so two runs create distinct records. */
export function distinct<T extends Readonly<Record<string, unknown>>>(a: { input: T; run: string }): T {
  const out: Record<string, unknown> = { ...a.input };
  for (const key of ['name', 'title']) if (typeof out[key] === 'string') out[key] = `${out[key]} ${a.run}`;
  return out as T;
}
