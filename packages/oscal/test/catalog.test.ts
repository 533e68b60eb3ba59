import { describe, expect, it } from 'vitest';
import { OscalImportError, parseCatalog, validateOscal } from '../src/index.js';
import { HIGH_CATALOG, readJson } from './helpers.js';

function tinyCatalog(controls: unknown[]): unknown {
  return {
    catalog: {
      uuid: '11111111-2222-4333-8444-555555555555',
      metadata: {
        title: 'Tiny',
        'last-modified': '2026-01-01T00:00:00Z',
        version: '1',
        'oscal-version': '1.2.1',
      },
      controls,
    },
  };
}

describe('parseCatalog on the NIST HIGH baseline', () => {
  const high = parseCatalog(readJson(HIGH_CATALOG));

  it('keeps its 18 families and 370 controls in document order', () => {
    expect(high.families).toHaveLength(18);
    expect(high.families[0]).toEqual({ id: 'ac', title: 'Access Control' });
    expect(high.controls).toHaveLength(370);
    expect(high.controls.map((control) => control.position)).toEqual([...Array(370).keys()]);
    expect(high.title).toBe('NIST Special Publication 800-53 Revision 5.1.1 HIGH IMPACT BASELINE');
    expect(high.version).toBe('5.1.1+u4');
  });

  it('uses the plain label as code and nests enhancements under their control', () => {
    const [ac1, ac2, ac21] = high.controls;
    expect([ac1!.code, ac2!.code, ac21!.code]).toEqual(['AC-1', 'AC-2', 'AC-2(1)']);
    expect(ac21).toMatchObject({
      oscal_id: 'ac-2.1',
      parent_code: 'AC-2',
      family: 'Access Control',
      family_id: 'ac',
    });
    expect(ac2!.parent_code).toBeNull();
  });

  it('renders statements with their items and parameter insertions', () => {
    const ac2 = high.controls.find((control) => control.code === 'AC-2')!;
    expect(ac2.statement).toMatch(/^a\. Define and document the types of accounts/);
    expect(ac2.statement).toContain(
      '\nc. Require [Assignment: prerequisites and criteria] for group and role membership;',
    );
    expect(ac2.statement).toContain('\nd. Specify:\n  1. Authorized users of the system;');
    expect(ac2.guidance).toMatch(/^Examples of system account types include/);
    const ac1 = high.controls.find((control) => control.code === 'AC-1')!;
    expect(ac1.statement).toContain(
      '1. [Selection (one or more): organization-level; mission/business process-level; system-level] access control policy',
    );
  });

  it('keeps parameters with labels, selections and guidelines', () => {
    const ac2 = high.controls.find((control) => control.code === 'AC-2')!;
    expect(ac2.parameters[0]).toEqual({
      id: 'ac-02_odp.01',
      label: 'prerequisites and criteria',
      values: [],
      select: null,
      guidelines: 'prerequisites and criteria for group and role membership are defined;',
    });
    const ac1 = high.controls.find((control) => control.code === 'AC-1')!;
    const selection = ac1.parameters.find((param) => param.select)!;
    expect(selection.select).toEqual({
      how_many: 'one-or-more',
      choices: ['organization-level', 'mission/business process-level', 'system-level'],
    });
  });
});

describe('parseCatalog on other shapes', () => {
  it('takes the top-level group as family for controls in sub-groups (NIST basic example)', () => {
    const basic = parseCatalog(readJson('test/fixtures/basic-catalog.json'));
    expect(basic.families.map((family) => family.id)).toEqual(['s1', 's2']);
    expect(basic.controls[0]).toMatchObject({ code: '1.1.1', oscal_id: 's1.1.1', family_id: 's1' });
    expect(basic.controls[0]!.statement).toContain(
      '[Selection (one or more): initiating a device lock after [Assignment: a duration] of inactivity; requiring',
    );
    expect(basic.description).toMatch(/^The following is a short excerpt/);
  });

  it('uses the id when there is no label, leaves out withdrawn controls, keeps ungrouped controls', () => {
    const parsed = parseCatalog(
      tinyCatalog([
        {
          id: 'x-1',
          title: 'One',
          params: [{ id: 'x-1_prm', values: ['30 days'] }],
          parts: [{ id: 'x-1_smt', name: 'statement', prose: 'Review every {{ insert: param, x-1_prm }}.' }],
        },
        { id: 'x-2', title: 'Gone', props: [{ name: 'status', value: 'withdrawn' }] },
        { id: 'x-3', title: 'Three' },
      ]),
    );
    expect(parsed.families).toEqual([]);
    expect(parsed.controls.map((c) => [c.code, c.family, c.position])).toEqual([
      ['x-1', null, 0],
      ['x-3', null, 1],
    ]);
    expect(parsed.controls[0]!.statement).toBe('Review every 30 days.');
    expect(parsed.controls[1]).toMatchObject({
      statement: null,
      guidance: null,
      parameters: [],
      baselines: [],
    });
  });

  it.each([
    [
      readJson('library/nist-sp-800-53-r5/NIST_SP-800-53_rev5_LOW-baseline_profile.json'),
      /expected a catalog document, got profile/,
    ],
    [
      readJson('test/fixtures/ssp-example.json'),
      /system-security-plan documents cannot be imported: Comply imports catalog, profile, mapping-collection/,
    ],
    [{ hello: 1 }, /not an OSCAL document/],
    [tinyCatalog([]), /no controls/],
    [tinyCatalog([{ id: 'x-1' }]), /a control needs an `id` and a `title`/],
  ])('refuses unusable input with a clear OscalImportError (%#)', (doc, message) => {
    expect(() => parseCatalog(doc)).toThrowError(OscalImportError);
    expect(() => parseCatalog(doc)).toThrowError(message);
  });

  it('points at the faulty control', () => {
    try {
      parseCatalog(tinyCatalog([{ id: 'ok', title: 'Fine' }, { title: 'No id' }]));
      expect.unreachable();
    } catch (error) {
      expect((error as OscalImportError).pointer).toBe('/catalog/controls/1');
    }
  });
});

describe('hostile nesting', () => {
  const nested = (depth: number) =>
    JSON.parse(
      `{"catalog":{"uuid":"11111111-2222-4333-8444-555555555555","metadata":{"title":"T","last-modified":"2026-01-01T00:00:00Z","version":"1","oscal-version":"1.2.1"},"controls":[${'{"id":"c","title":"C","controls":['.repeat(depth)}{"id":"x","title":"X"}${']}'.repeat(depth)}]}}`,
    );

  it('refuses a document nested deeper than 100 levels instead of exhausting the stack', () => {
    const doc = nested(20_000);
    const result = validateOscal(doc);
    expect(result.ok === false && result.issues[0]!.message).toBe('nests deeper than 100 levels');
    expect(() => parseCatalog(doc)).toThrowError(OscalImportError);
    expect(() => parseCatalog(doc)).toThrowError('the document nests deeper than 100 levels');
  });

  it('accepts reasonable nesting', () => {
    expect(parseCatalog(nested(40)).controls).toHaveLength(41);
  });
});
