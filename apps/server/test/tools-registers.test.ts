import { beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type Member, useTestServer } from './harness.js';
import { caseInput, itemsKey, REGISTERS } from './register-cases.js';

// The contract every register's list/get/add/update tools share, through the real REST path.
describe.each(DRIVERS)('register tools over REST (%s)', (driver) => {
  const server = useTestServer({ driver });
  let stranger: Member;
  let viewer: Member;
  let readOnlyToken: string;

  beforeAll(async () => {
    stranger = await server.addMember();
    viewer = await server.addMember({ organizationId: server.owner.organizationId, role: 'VIEWER' });
    readOnlyToken = (await server.createToken({ userId: server.owner.userId, scope: 'READ' })).token;
  });

  describe.each(REGISTERS)('$plural', (c) => {
    const key = itemsKey(c);
    const org = () => server.owner.organizationId;
    // Records a create requires are added by the organization's own member (stranger or owner).
    const input = (label: string, of: { organizationId: string; token: string }) =>
      caseInput({
        c,
        label,
        add: async (tool, fields) =>
          (await server.call(tool, { organization_id: of.organizationId, ...fields }, { token: of.token }))
            .body?.id,
      });
    const add = async (label: string, extra: Record<string, unknown> = {}, token?: string) =>
      server.call(
        `add${c.singular}`,
        { organization_id: org(), ...(await input(label, server.owner)), ...extra },
        { token },
      );
    const list = (input: Record<string, unknown>, token?: string) =>
      server.call(`list${c.plural}`, { organization_id: org(), ...input }, { token });

    it('adds, gets, updates and lists a record', async () => {
      const added = await add(`${c.singular} lifecycle`);
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({ organization_id: org(), id: expect.any(String) });

      const got = await server.call(`get${c.singular}`, { id: added.body.id });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(added.body);

      const updated = await server.call(`update${c.singular}`, { id: added.body.id, ...c.patch });
      expect(updated.status).toBe(200);
      expect(updated.body[c.changed.field]).toEqual(c.changed.value);
      expect(updated.body.created_at).toBe(added.body.created_at);

      const again = await server.call(`get${c.singular}`, { id: added.body.id, organization_id: org() });
      expect(again.body).toEqual(updated.body);

      const listed = await list({ query: `${c.singular} lifecycle` });
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({
        [key]: [expect.objectContaining({ id: added.body.id })],
        next_cursor: null,
        total_count: 1,
      });
    });

    it('pages with next_cursor until null, counting every match', async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 5; i++) ids.add((await add(`Paged ${c.plural} ${i}`)).body.id);
      await add(`Unrelated ${c.plural}`);

      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await list({ query: `Paged ${c.plural}`, page_size: 2, ...(cursor && { cursor }) });
        expect(page.status).toBe(200);
        expect(page.body.total_count).toBe(5);
        expect(page.body[key].length).toBeLessThanOrEqual(2);
        seen.push(...page.body[key].map((r: { id: string }) => r.id));
        cursor = page.body.next_cursor ?? undefined;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(new Set(seen)).toEqual(ids);
      expect(seen).toHaveLength(5);
    });

    it('rejects a cursor used with other filters', async () => {
      for (let i = 0; i < 3; i++) await add(`Cursor ${c.plural} ${i}`);
      const first = await list({ query: `Cursor ${c.plural}`, page_size: 1 });
      const mismatched = await list({ query: 'Other', page_size: 1, cursor: first.body.next_cursor });
      expect(mismatched.status).toBe(400);
      expect(mismatched.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'cursor' });
    });

    it("answers NOT_FOUND for another organization's records and organization", async () => {
      const foreign = await server.call(
        `add${c.singular}`,
        { organization_id: stranger.organizationId, ...(await input(`Foreign ${c.plural}`, stranger)) },
        { token: stranger.token },
      );
      expect(foreign.status).toBe(200);
      const id = foreign.body.id;

      for (const input of [{ id }, { id, organization_id: org() }]) {
        const got = await server.call(`get${c.singular}`, input);
        expect(got.status).toBe(404);
        expect(got.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
        const updated = await server.call(`update${c.singular}`, { ...input, ...c.patch });
        expect(updated.status).toBe(404);
        expect(updated.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
      }
      const viaOrg = await server.call(`get${c.singular}`, { id, organization_id: stranger.organizationId });
      expect(viaOrg.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'organization_id' });
      const listed = await server.call(`list${c.plural}`, { organization_id: stranger.organizationId });
      expect(listed.status).toBe(404);
      expect(listed.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'organization_id' });
      const added = await add('Sneaky', { organization_id: stranger.organizationId });
      expect(added.status).toBe(404);

      const unknown = await server.call(`get${c.singular}`, {
        id: `${id.slice(0, -4)}ZZZZ`,
        organization_id: org(),
      });
      expect(unknown.status).toBe(404);
      expect((await server.call(`get${c.singular}`, { id: id.toLowerCase() })).status).toBe(404);
      // The stranger still sees their own record.
      expect((await server.call(`get${c.singular}`, { id }, { token: stranger.token })).status).toBe(200);
    });

    it('rejects invalid input with INVALID_INPUT naming the field', async () => {
      const cases: [Promise<{ status: number; body: { error?: { field?: string } } }>, string][] = [
        [server.call(`add${c.singular}`, { organization_id: org(), ...c.invalid.input }), c.invalid.field],
        [add('Unknown field', { colour: 'red' }), 'colour'],
        [list({ page_size: 101 }), 'page_size'],
        [list({ page_size: 0 }), 'page_size'],
        [list({ order_by: { field: 'colour' } }), 'order_by.field'],
        [list({ cursor: 'forged' }), 'cursor'],
        [
          server.call(`update${c.singular}`, { id: 'x', expected_updated_at: 'yesterday' }),
          'expected_updated_at',
        ],
      ];
      for (const [call, field] of cases) {
        const result = await call;
        expect(result.status, field).toBe(400);
        expect(result.body.error).toMatchObject({ code: 'INVALID_INPUT', field });
      }
    });

    it('refuses add and update with a read-only token or as a VIEWER, and still lets them read', async () => {
      const record = (await add(`Guarded ${c.plural}`)).body;
      const refusals = [
        await add('Read-only', {}, readOnlyToken),
        await server.call(`update${c.singular}`, { id: record.id, ...c.patch }, { token: readOnlyToken }),
        await add('Viewer', {}, viewer.token),
        await server.call(`update${c.singular}`, { id: record.id, ...c.patch }, { token: viewer.token }),
      ];
      for (const refusal of refusals) {
        expect(refusal.status).toBe(403);
        expect(refusal.body.error.code).toBe('FORBIDDEN');
      }
      const read = await server.call(`get${c.singular}`, { id: record.id }, { token: readOnlyToken });
      expect(read.body).toEqual(record);
      expect((await server.call(`get${c.singular}`, { id: record.id }, { token: viewer.token })).status).toBe(
        200,
      );
      expect((await list({ query: 'Read-only' })).body.total_count).toBe(0);
    });

    it('returns the first record when an add is retried with the same idempotency_key', async () => {
      const idempotency_key = `retry-${c.plural}`;
      const first = await add(`Retried ${c.plural}`, { idempotency_key });
      const second = await add(`Retried ${c.plural}`, { idempotency_key });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect((await list({ query: `Retried ${c.plural}` })).body.total_count).toBe(1);
      // The key is scoped to the organization: the same key elsewhere creates its own record.
      const elsewhere = await server.call(
        `add${c.singular}`,
        {
          organization_id: stranger.organizationId,
          ...(await input(`Retried ${c.plural}`, stranger)),
          idempotency_key,
        },
        { token: stranger.token },
      );
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body.id).not.toBe(first.body.id);
    });

    it('applies an update guarded by the current updated_at and refuses a stale one with CONFLICT', async () => {
      const record = (await add(`Guarded update ${c.plural}`)).body;
      const fresh = await server.call(`update${c.singular}`, {
        id: record.id,
        ...c.patch,
        expected_updated_at: record.updated_at,
      });
      expect(fresh.status).toBe(200);
      // The register's own valid patch (a create's fields are not all updatable, e.g. a document's
      // content is a new version), so only the stale updated_at can refuse it.
      const stale = await server.call(`update${c.singular}`, {
        id: record.id,
        ...c.patch,
        expected_updated_at: '2000-01-01T00:00:00.000Z',
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toMatchObject({ code: 'CONFLICT', field: 'expected_updated_at' });
      expect((await server.call(`get${c.singular}`, { id: record.id })).body).toEqual(fresh.body);
    });
  });
});
