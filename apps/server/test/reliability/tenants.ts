import { type ToolName, toolNames, tools } from '@comply/schemas';
import type { Member, TestServer } from '../harness.js';
import { asSchema } from './json-schema.js';
import { kindOf, minimalInput, toolKind } from './minimal-input.js';

/** One organization's user, the records it created through the tools, and cursors of its lists. */
export interface Tenant {
  member: Member;
  /** Record ids by kind (`organization`, `risk`, …), two of each. */
  ids: Map<string, string[]>;
  /** Every name/title the tenant gave its records: must never show up in another tenant's replies. */
  labels: string[];
  /** A `next_cursor` of each list tool, read by this tenant. */
  cursors: Map<ToolName, string>;
}

const RECORDS_PER_KIND = 2;

const adders = toolNames.filter((name) => {
  const schema = asSchema(tools[name].inputJsonSchema);
  return tools[name].access === 'write' && !schema.properties?.id && name.startsWith('add') && toolKind(name);
});

/** Whether `name` requires a record another add tool creates (a control test's measure). */
const needsAnother = (name: ToolName) =>
  (asSchema(tools[name].inputJsonSchema).required ?? []).some((field) => {
    const kind = field === 'organization_id' ? undefined : kindOf({ tool: name, field });
    return kind !== undefined && adders.some((other) => other !== name && toolKind(other) === kind);
  });

/**
 * Tools that create a record: add tools (write tools without an `id` input; the other such tools,
 * e.g. updateControlApplicability, change decisions on records that exist and create none), those
 * that require another's record after the others, so it exists when they run.
 */
export const creatorTools = [...adders.filter((n) => !needsAnother(n)), ...adders.filter(needsAnother)];

/** List tools: the ones with a `cursor` input. */
export const listTools = toolNames.filter((name) => asSchema(tools[name].inputJsonSchema).properties?.cursor);

/** Creates a tenant (a new user owning two organizations) with records of every kind in the first. */
export async function seedTenant({ server, tag }: { server: TestServer; tag: string }): Promise<Tenant> {
  const member = await server.addMember();
  const second = await server.storage.organizations.create({
    name: `${tag} second org`,
    ownerUserId: member.userId,
    actor: { userId: null, tokenId: null, source: 'cli', action: 'test-setup' },
  });
  const ids = new Map<string, string[]>([['organization', [member.organizationId, second.id]]]);
  const labels: string[] = [];
  const lookup = (kind: string) => ids.get(kind)?.[0];
  for (const tool of creatorTools) {
    const kind = toolKind(tool)!;
    for (let i = 0; i < RECORDS_PER_KIND; i++) {
      const label = `${tag}-${kind}-${i}-secret`;
      const input = { ...minimalInput({ tool, label, ids: lookup }), organization_id: member.organizationId };
      const reply = await server.call(tool, input, { token: member.token });
      if (reply.status !== 200)
        throw new Error(`${tool} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
      ids.set(kind, [...(ids.get(kind) ?? []), reply.body.id]);
      labels.push(label);
    }
  }
  // A control on each framework, its code the tenant's own, for the tools that name a control by code.
  const code = `${tag}.1`;
  for (const id of ids.get('framework') ?? []) {
    const reply = await server.call(
      'updateFramework',
      { id, controls: [{ code, title: `${tag} control` }] },
      { token: member.token },
    );
    if (reply.status !== 200) throw new Error(`updateFramework answered ${reply.status}`);
  }
  ids.set('control', [code]);
  labels.push(code);
  const cursors = new Map<ToolName, string>();
  for (const tool of listTools) {
    const base = minimalInput({ tool, label: tag, ids: lookup });
    const reply = await server.call(tool, { ...base, page_size: 1 }, { token: member.token });
    if (typeof reply.body?.next_cursor === 'string') cursors.set(tool, reply.body.next_cursor);
  }
  return { member, ids, labels, cursors };
}

/** The id a tenant holds for an id field of `tool`, or undefined when it has none of that kind. */
export function tenantId({ tenant, tool, field }: { tenant: Tenant; tool: string; field: string }) {
  const kind = kindOf({ tool, field });
  return kind ? tenant.ids.get(kind)?.[0] : undefined;
}
