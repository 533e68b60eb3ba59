import { beforeAll, describe, expect, it } from 'vitest';
import type { FrameworkControlInput, FrameworkCreate, MeasureCreate } from '../src/index.js';
import { DRIVERS, seedOrganization, testActor, useOrganization } from './helpers.js';

const actor = testActor(null);

// 250 controls in 5 families; every third in LOW, the first 10 with a long statement.
function bigCatalog(): FrameworkControlInput[] {
  return Array.from({ length: 250 }, (_, i) => ({
    code: `F${Math.floor(i / 50)}-${i % 50}`,
    title: `Control ${i}`,
    family: `Family ${Math.floor(i / 50)}`,
    family_id: `f${Math.floor(i / 50)}`,
    oscal_id: `f${Math.floor(i / 50)}-${i % 50}`,
    statement: i < 10 ? `Encrypt ${'x'.repeat(600)}` : `Statement of ${i}`,
    baselines: i % 3 === 0 ? ['LOW', 'HIGH'] : ['HIGH'],
    parameters: [{ id: `p${i}`, label: 'frequency', values: [], select: null, guidelines: null }],
  }));
}

describe.each(DRIVERS)('framework controls at scale on $name', ({ name }) => {
  const ctx = useOrganization(name);
  let other: string;
  let big: string;
  let small: string;
  /** Adds a framework, or a measure, to the organization the tests act in. */
  const addFramework = (data: FrameworkCreate) =>
    ctx.storage.frameworks.create({ organizationId: ctx.org, actor, data });
  const addMeasure = (data: MeasureCreate) =>
    ctx.storage.measures.create({ organizationId: ctx.org, actor, data });

  beforeAll(async () => {
    other = (await seedOrganization(ctx.storage, 'Other')).organization.id;
    big = (
      await addFramework({
        name: 'Big',
        source: 'library',
        library_key: 'big',
        baseline: 'HIGH',
        controls: bigCatalog(),
      })
    ).id;
    small = (
      await addFramework({
        name: 'Small',
        controls: [
          { code: 'S1', title: 'One' },
          { code: 'S2', title: 'Two' },
        ],
      })
    ).id;
    await addMeasure({
      name: 'Done',
      state: 'IMPLEMENTED',
      controls: [{ framework_id: big, control_code: 'F0-1' }],
    });
    await addMeasure({
      name: 'Doing',
      state: 'IN_PROGRESS',
      controls: [{ framework_id: big, control_code: 'F0-2' }],
    });
    await addMeasure({
      name: 'Small done',
      state: 'IMPLEMENTED',
      controls: [{ framework_id: small, control_code: 'S1' }],
    });
  });

  it('records provenance and summarizes families instead of listing controls', async () => {
    const framework = await ctx.storage.frameworks.get({ organizationId: ctx.org, id: big });
    expect(framework).toMatchObject({
      source: 'library',
      library_key: 'big',
      baseline: 'HIGH',
      control_count: 250,
    });
    expect(framework?.covered_control_count).toBe(1);
    expect(framework?.families).toHaveLength(5);
    expect(framework?.families[0]).toEqual({
      family: 'Family 0',
      control_count: 50,
      covered_control_count: 1,
    });
    expect(framework?.families_omitted).toBe(0);
  });

  it('lists the first 100 families in document order and counts the others', async () => {
    // 103 families of one control each, written in reverse; a control without family is one more.
    const controls: FrameworkControlInput[] = Array.from({ length: 103 }, (_, i) => ({
      code: `C${102 - i}`,
      title: `Control ${102 - i}`,
      family: `Family ${String(102 - i).padStart(3, '0')}`,
    }));
    controls.push({ code: 'NONE', title: 'No family' });
    const created = await addFramework({ name: 'Many families', controls });
    expect(created.control_count).toBe(104);
    expect(created.families).toHaveLength(100);
    expect(created.families_omitted).toBe(4);
    expect(created.families[0]).toEqual({ family: 'Family 102', control_count: 1, covered_control_count: 0 });
    expect(created.families[99]?.family).toBe('Family 003');
    expect(await ctx.storage.frameworks.get({ organizationId: ctx.org, id: created.id })).toEqual(created);
    const listed = await ctx.storage.frameworks.list({
      organizationId: ctx.org,
      filters: { query: 'many fam' },
    });
    expect(listed.items).toEqual([
      {
        id: created.id,
        organization_id: ctx.org,
        name: 'Many families',
        version: null,
        description: null,
        source: 'manual',
        library_key: null,
        baseline: null,
        oscal_uuid: null,
        control_count: 104,
        covered_control_count: 0,
        created_at: created.created_at,
        updated_at: created.updated_at,
      },
    ]);
  });

  it('writes a framework without controls in one statement, audited with its record', async () => {
    const created = await addFramework({ name: 'Empty', version: '1' });
    expect(created).toMatchObject({
      source: 'manual',
      control_count: 0,
      covered_control_count: 0,
      families: [],
      families_omitted: 0,
    });
    const renamed = await ctx.storage.frameworks.update({
      organizationId: ctx.org,
      actor,
      id: created.id,
      patch: { name: 'Renamed' },
      expectedUpdatedAt: created.updated_at,
    });
    expect(renamed).toEqual({ ...created, name: 'Renamed', updated_at: renamed.updated_at });
    expect(await ctx.storage.frameworks.get({ organizationId: ctx.org, id: created.id })).toEqual(renamed);
    const log = await ctx.storage.auditLog.list({
      organizationId: ctx.org,
      filters: { record_id: created.id },
    });
    expect(log.items.map((entry) => [entry.before, entry.after])).toEqual([
      [created, renamed],
      [null, created],
    ]);
  });

  it('pages every control once in document order with a stable total_count', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await ctx.storage.frameworks.listControls({
        organizationId: ctx.org,
        frameworkId: big,
        filters: {},
        pageSize: 100,
        cursor,
      });
      expect(page.total_count).toBe(250);
      seen.push(...page.items.map((c) => c.code));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(bigCatalog().map((c) => c.code));
  });

  it('filters by family, baseline, coverage and query, and truncates long statements', async () => {
    const list = (filters: object) =>
      ctx.storage.frameworks.listControls({
        organizationId: ctx.org,
        frameworkId: big,
        filters,
        pageSize: 100,
      });
    expect((await list({ family: 'family 2' })).total_count).toBe(50);
    expect((await list({ family: 'f3' })).total_count).toBe(50);
    expect((await list({ baseline: 'low' })).total_count).toBe(84);
    const covered = await list({ covered: true });
    expect(covered.items.map((c) => [c.code, c.covered, c.measure_ids.length])).toEqual([['F0-1', true, 1]]);
    expect((await list({ covered: false })).total_count).toBe(249);
    expect((await list({ query: 'encrypt' })).total_count).toBe(10);
    const first = (await list({ query: 'F0-0' })).items[0];
    expect(first?.statement).toHaveLength(500);
    expect(first?.statement_truncated).toBe(true);
    expect(first?.baselines).toEqual(['LOW', 'HIGH']);
  });

  it('refuses a cursor from other filters and a framework of another organization', async () => {
    const page = await ctx.storage.frameworks.listControls({
      organizationId: ctx.org,
      frameworkId: big,
      filters: {},
      pageSize: 10,
    });
    await expect(
      ctx.storage.frameworks.listControls({
        organizationId: ctx.org,
        frameworkId: big,
        filters: { baseline: 'LOW' },
        cursor: page.next_cursor ?? '',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'cursor' });
    await expect(
      ctx.storage.frameworks.listControls({ organizationId: other, frameworkId: big, filters: {} }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'framework_id' });
    await expect(
      ctx.storage.frameworks.allControls({ organizationId: other, frameworkId: big }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('reports coverage via a crosswalk with its provenance, never as direct coverage', async () => {
    const result = await ctx.storage.frameworks.mappings.import({
      organizationId: ctx.org,
      actor,
      sourceFrameworkId: big,
      targetFrameworkId: small,
      collection: { title: 'Big to Small', uuid: null },
      rows: [
        { source_control_code: 'F0-3', target_control_code: 'S1', relationship: 'subset-of' },
        { source_control_code: 'F0-1', target_control_code: 'S2', relationship: 'equivalent-to' },
      ],
    });
    expect(result).toEqual({ mapping_count: 2 });
    const firstMatch = async (frameworkId: string, query: string) =>
      (
        await ctx.storage.frameworks.listControls({
          organizationId: ctx.org,
          frameworkId,
          filters: { query },
        })
      ).items[0];
    const via = await firstMatch(big, 'F0-3');
    expect(via).toMatchObject({ covered: false });
    expect(via?.covered_via_mapping).toEqual([
      { framework_id: small, control_code: 'S1', relationship: 'subset-of', mapping_title: 'Big to Small' },
    ]);
    const reverse = await firstMatch(small, 'S2');
    expect(reverse?.covered_via_mapping).toEqual([
      {
        framework_id: big,
        control_code: 'F0-1',
        relationship: 'equivalent-to',
        mapping_title: 'Big to Small',
      },
    ]);
    const readiness = await ctx.storage.reports.auditReadiness({ organizationId: ctx.org, frameworkId: big });
    expect(readiness.covered_via_mapping_count).toBe(1);
    expect(readiness.state_counts.READY).toBe(0);
    expect(readiness.gaps.controls_without_measures).toMatchObject({ count: 248, omitted: 238 });
    expect(
      (await ctx.storage.frameworks.get({ organizationId: ctx.org, id: big }))?.covered_control_count,
    ).toBe(1);
    // Seen from the crosswalk's target: S2 has no measure, its mapped F0-1 is covered.
    const targetSide = await ctx.storage.reports.auditReadiness({
      organizationId: ctx.org,
      frameworkId: small,
    });
    expect(targetSide.covered_via_mapping_count).toBe(1);
    expect(targetSide.state_counts).toEqual({ READY: 0, GAP: 2, EXCLUDED: 0 });
    expect(targetSide.gap_reason_counts).toMatchObject({ NO_EVIDENCE: 1, NO_MEASURE: 1 });
    expect(targetSide.gaps.controls_without_measures.items).toEqual([
      { code: 'S2', title: 'Two', family: null, covered_via_mapping: true },
    ]);
    expect(
      await ctx.storage.frameworks.mappings.list({ organizationId: ctx.org, frameworkId: small }),
    ).toHaveLength(2);
    expect(await ctx.storage.frameworks.mappings.list({ organizationId: other })).toEqual([]);
  });

  it('writes no crosswalk row when a code or framework is unknown', async () => {
    const write = (args: { target: string; code: string; organizationId?: string }) =>
      ctx.storage.frameworks.mappings.import({
        organizationId: args.organizationId ?? ctx.org,
        actor,
        sourceFrameworkId: big,
        targetFrameworkId: args.target,
        collection: { title: 'Bad', uuid: null },
        rows: [
          { source_control_code: 'F1-1', target_control_code: 'S1', relationship: 'intersects-with' },
          { source_control_code: 'F1-2', target_control_code: args.code, relationship: 'intersects-with' },
        ],
      });
    await expect(write({ target: small, code: 'NOPE' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'target_framework_id',
    });
    await expect(write({ target: small, code: 'S2', organizationId: other })).rejects.toMatchObject({
      field: 'source_framework_id',
    });
    expect(await ctx.storage.frameworks.mappings.list({ organizationId: ctx.org })).toHaveLength(2);
  });

  it('returns every stored field of every control for exports', async () => {
    const all = await ctx.storage.frameworks.allControls({ organizationId: ctx.org, frameworkId: big });
    expect(all).toHaveLength(250);
    expect(all[0]).toMatchObject({
      code: 'F0-0',
      oscal_id: 'f0-0',
      family_id: 'f0',
      position: 0,
      baselines: ['LOW', 'HIGH'],
      parameters: [{ id: 'p0', label: 'frequency', values: [], select: null, guidelines: null }],
    });
  });
});
