import { beforeAll, describe, expect, it } from 'vitest';
import type { SoaFilters, SoaPage } from '../src/soa/types.js';
import { DRIVERS, testActor, useOrganization } from './helpers.js';

/** 240 controls whose document order is not code order (families listed last to first). */
const CODES = Array.from({ length: 240 }, (_, i) => {
  const family = 12 - Math.floor(i / 20);
  return `F${String(family).padStart(2, '0')}.${String(20 - (i % 20)).padStart(2, '0')}`;
});
const EVERY_STATUS: SoaFilters = { status: ['READY', 'GAP', 'EXCLUDED'] };

describe.each(DRIVERS)('Statement of Applicability pages on $name', ({ name }) => {
  const ctx = useOrganization(name, 'Soa pages');
  let frameworkId: string;
  const actor = () => testActor(ctx.userId, 'soa');

  beforeAll(async () => {
    const framework = await ctx.storage.frameworks.create({
      organizationId: ctx.org,
      actor: actor(),
      data: {
        name: 'Large catalog',
        controls: CODES.map((code, i) => ({ code, title: `Control ${i}`, family: code.slice(0, 3) })),
      },
    });
    frameworkId = framework.id;
    // 40 measures of every state on two to four controls each, half with evidence.
    const states = ['NOT_STARTED', 'IN_PROGRESS', 'IMPLEMENTED', 'IMPLEMENTED', 'NOT_APPLICABLE'] as const;
    for (let m = 0; m < 40; m++) {
      const state = states[m % states.length] ?? 'IMPLEMENTED';
      await ctx.storage.measures.create({
        organizationId: ctx.org,
        actor: actor(),
        data: {
          name: `Measure ${String((m * 7) % 40).padStart(2, '0')}`,
          state,
          ...(state === 'NOT_APPLICABLE' ? { applicability_justification: 'Out of scope.' } : {}),
          ...(m % 2 === 0 ? { evidence: [{ title: `Evidence ${m}` }] } : {}),
          controls: Array.from({ length: 2 + (m % 3) }, (_, k) => ({
            framework_id: frameworkId,
            control_code: CODES[(m * 5 + k * 37) % 200] ?? '',
          })),
        },
      });
    }
    // Decisions on every third control: applicable, or excluded with a justification.
    await ctx.storage.soa.update({
      organizationId: ctx.org,
      frameworkId,
      actor: actor(),
      controls: CODES.filter((_, i) => i % 3 === 0).map((code, i) => ({
        code,
        applicable: i % 4 !== 0,
        justification: i % 4 === 0 ? 'Not relevant here.' : null,
        owner: i % 5 === 0 ? 'Security' : null,
      })),
    });
  });

  const read = (extra: { filters?: SoaFilters; pageSize: number; cursor?: string | undefined }) =>
    ctx.storage.soa.get({ organizationId: ctx.org, frameworkId, ...extra });

  /** Every page of `pageSize`, walked by next_cursor. */
  async function walk(pageSize: number, filters?: SoaFilters): Promise<SoaPage[]> {
    const pages: SoaPage[] = [];
    let cursor: string | undefined;
    do {
      const page = await read({ pageSize, cursor, ...(filters ? { filters } : {}) });
      pages.push(page);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return pages;
  }

  it('pages through the whole SoA to exactly what one large page and every control’s rows give', async () => {
    const whole = await read({ pageSize: 1000 });
    expect(whole.controls.map((c) => c.code)).toEqual(CODES);
    expect(whole.next_cursor).toBeNull();
    // A status filter that keeps every control computes every control's row and cuts the page.
    const computedAll = await read({ pageSize: 1000, filters: EVERY_STATUS });
    expect(JSON.stringify(whole.controls)).toBe(JSON.stringify(computedAll.controls));
    expect(whole.applicability_counts).toEqual(computedAll.applicability_counts);
    expect(whole.applicability_counts).toEqual({ APPLICABLE: 60, EXCLUDED: 20, UNDECIDED: 160 });
    expect(new Set(whole.controls.map((c) => c.status))).toEqual(new Set(['READY', 'GAP', 'EXCLUDED']));
    expect(whole.controls.filter((c) => c.measures.length > 0).length).toBeGreaterThan(40);

    for (const pageSize of [1, 7, 50, 240]) {
      const pages = await walk(pageSize);
      expect(pages).toHaveLength(Math.ceil(240 / pageSize));
      expect(JSON.stringify(pages.flatMap((p) => p.controls))).toBe(JSON.stringify(whole.controls));
      for (const page of pages) {
        const { controls: _c, next_cursor: _n, ...rest } = page;
        const { controls: _wc, next_cursor: _wn, ...wholeRest } = whole;
        expect(rest).toEqual(wholeRest);
        expect(page.controls.length).toBeLessThanOrEqual(pageSize);
      }
      // The paged walk and the every-row walk hand out the same cursors.
      const computed = await walk(pageSize, EVERY_STATUS);
      expect(computed.map((p) => p.next_cursor)).toEqual(pages.map((p) => p.next_cursor));
    }
  });

  it('filters by decision across pages as the every-row read does', async () => {
    for (const applicability of [['EXCLUDED'], ['UNDECIDED', 'APPLICABLE'], []] as const) {
      const filters: SoaFilters = { applicability };
      const pages = await walk(9, filters);
      const computed = await walk(9, { ...filters, ...EVERY_STATUS });
      expect(JSON.stringify(pages.flatMap((p) => p.controls))).toBe(
        JSON.stringify(computed.flatMap((p) => p.controls)),
      );
      expect(pages.map((p) => [p.next_cursor, p.total_count, p.control_count])).toEqual(
        computed.map((p) => [p.next_cursor, p.total_count, p.control_count]),
      );
      expect(pages[0]?.controls.every((c) => applicability.some((a) => a === c.applicability))).toBe(true);
    }
    expect(
      (await read({ pageSize: 5, filters: { applicability: ['EXCLUDED', 'EXCLUDED'] } })).total_count,
    ).toBe(20);
  });

  it('refuses a cursor of an unknown control or of a version', async () => {
    const cursorOf = (code: string, v: number | null) =>
      Buffer.from(JSON.stringify({ a: code, v })).toString('base64url');
    await expect(read({ pageSize: 5, cursor: cursorOf('Z.99', null) })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'cursor',
    });
    await expect(read({ pageSize: 5, cursor: cursorOf(CODES[3] ?? '', 1) })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'cursor',
    });
    const after = await read({ pageSize: 2, cursor: cursorOf(CODES[3] ?? '', null) });
    expect(after.controls.map((c) => c.code)).toEqual(CODES.slice(4, 6));
  });
});
