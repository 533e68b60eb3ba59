import { describe, expect, it } from 'vitest';
import {
  exportCatalog,
  OscalImportError,
  parseCatalog,
  resolveProfile,
  validateOscal,
} from '../src/index.js';
import { nist, organization } from './export-fixture.js';
import { at, baselineProfile, HIGH_CATALOG, readJson } from './helpers.js';

// NIST's own MODERATE baseline profile (shipped in library/, provenance in PROVENANCE.md), with a
// `modify` and `merge` of our own added: NIST's baseline profiles carry neither.
const high = parseCatalog(readJson(HIGH_CATALOG));
const control = (resolved: { controls: typeof high.controls }, id: string) =>
  resolved.controls.find((c) => c.oscal_id === id)!;

function moderateWith(changes: { modify?: object; merge?: object }): unknown {
  const doc = structuredClone(readJson(baselineProfile('MODERATE'))) as { profile: Record<string, unknown> };
  if (changes.modify) doc.profile.modify = changes.modify;
  if (changes.merge) doc.profile.merge = changes.merge;
  const validation = validateOscal(doc);
  expect(validation, JSON.stringify(validation)).toEqual({ ok: true, model: 'profile' });
  return doc;
}

function refusal(changes: { modify?: object; merge?: object }): { message: string; pointer: string | null } {
  try {
    resolveProfile({ profile: moderateWith(changes), catalog: high });
  } catch (error) {
    expect(error).toBeInstanceOf(OscalImportError);
    return { message: (error as OscalImportError).message, pointer: (error as OscalImportError).pointer };
  }
  throw new Error('the profile was resolved; a refusal was expected');
}

const plain = resolveProfile({ profile: readJson(baselineProfile('MODERATE')), catalog: high });

describe('profile set-parameters', () => {
  it('replaces label, values and selection, adds guidelines and constraints, and touches nothing else', () => {
    const resolved = resolveProfile({
      profile: moderateWith({
        modify: {
          'set-parameters': [
            {
              'param-id': 'ac-02_odp.10',
              label: 'account review frequency',
              values: ['at least every 90 days'],
              guidelines: [{ prose: 'Set by the CISO.' }],
              constraints: [
                { description: 'No less often than yearly.', tests: [{ expression: 'duration <= P1Y' }] },
              ],
            },
            { 'param-id': 'ac-01_odp.03', select: { 'how-many': 'one', choice: ['organization-level'] } },
          ],
        },
      }),
      catalog: high,
    });
    const original = control(plain, 'ac-2').parameters.find((p) => p.id === 'ac-02_odp.10')!;
    expect(control(resolved, 'ac-2').parameters.find((p) => p.id === 'ac-02_odp.10')).toEqual({
      id: 'ac-02_odp.10',
      label: 'account review frequency',
      values: ['at least every 90 days'],
      select: null,
      guidelines: `${original.guidelines}\nSet by the CISO.`,
      constraints: [{ description: 'No less often than yearly.', tests: ['duration <= P1Y'] }],
    });
    expect(control(resolved, 'ac-1').parameters.find((p) => p.id === 'ac-01_odp.03')?.select).toEqual({
      how_many: 'one',
      choices: ['organization-level'],
    });
    const changed = new Set(['ac-1', 'ac-2']);
    expect(resolved.controls.filter((c) => !changed.has(c.oscal_id))).toEqual(
      plain.controls.filter((c) => !changed.has(c.oscal_id)),
    );
    expect(control(resolved, 'ac-2').parameters.filter((p) => p.id !== 'ac-02_odp.10')).toEqual(
      control(plain, 'ac-2').parameters.filter((p) => p.id !== 'ac-02_odp.10'),
    );
    // The statement keeps the text rendered at import; the setting lives with the parameter.
    expect(control(resolved, 'ac-2').statement).toBe(control(plain, 'ac-2').statement);
    // Stored settings travel: the catalog export carries them and imports back the same.
    const exported = exportCatalog({
      organization,
      framework: nist,
      families: resolved.families,
      controls: resolved.controls,
    });
    expect(validateOscal(exported)).toEqual({ ok: true, model: 'catalog' });
    expect(parseCatalog(exported).controls.map((c) => c.parameters)).toEqual(
      resolved.controls.map((c) => c.parameters),
    );
  });

  it('refuses a parameter no selected control has, and settings Comply does not keep', () => {
    expect(
      refusal({ modify: { 'set-parameters': [{ 'param-id': 'zz-99_odp.01', values: ['x'] }] } }),
    ).toEqual({
      message: 'set-parameters names parameter `zz-99_odp.01`, which no selected control has',
      pointer: '/profile/modify/set-parameters/0',
    });
    const usage = refusal({
      modify: {
        'set-parameters': [{ 'param-id': 'ac-02_odp.10', usage: 'x', props: [{ name: 'a', value: 'b' }] }],
      },
    });
    expect(usage.message).toBe(
      "set-parameters cannot apply `usage`, `props` to parameter `ac-02_odp.10`: Comply keeps a parameter's label, values, selection, guidelines and constraints only",
    );
  });
});

describe('profile alters', () => {
  it('removes and adds parts, parameters and baselines on the selected controls', () => {
    const resolved = resolveProfile({
      profile: moderateWith({
        modify: {
          'set-parameters': [{ 'param-id': 'ac-02_odp.10', values: ['quarterly'] }],
          alters: [
            {
              'control-id': 'ac-2',
              removes: [{ 'by-name': 'guidance' }, { 'by-name': 'assessment-objective' }],
              adds: [
                {
                  position: 'ending',
                  'by-id': 'ac-2_smt',
                  parts: [
                    {
                      id: 'ac-2_smt.z',
                      name: 'item',
                      prose: 'z. Review service accounts {{ insert: param, ac-02_odp.10 }}.',
                    },
                  ],
                },
                { position: 'starting', parts: [{ id: 'ac-2_gdn', name: 'guidance', prose: 'Ours.' }] },
              ],
            },
            {
              'control-id': 'ac-1',
              adds: [
                {
                  position: 'after',
                  'by-id': 'ac-01_odp.01',
                  params: [{ id: 'ac-01_cmp.01', label: 'approver' }],
                  props: [{ name: 'baseline', ns: 'urn:comply:oscal', value: 'CUSTOM' }],
                },
              ],
            },
            { 'control-id': 'au-2', removes: [{ 'by-item-name': 'param', 'by-id': 'au-02_odp.01' }] },
            { 'control-id': 'au-3', removes: [{ 'by-id': 'au-3_smt' }] },
          ],
        },
      }),
      catalog: high,
    });
    const ac2 = control(resolved, 'ac-2');
    expect(ac2.statement).toBe(`${control(plain, 'ac-2').statement}\nz. Review service accounts quarterly.`);
    expect(ac2.guidance).toBe('Ours.');
    const ac1 = control(resolved, 'ac-1');
    expect(ac1.parameters.map((p) => p.id)).toEqual([
      'ac-1_prm_1',
      'ac-01_odp.01',
      'ac-01_cmp.01',
      ...control(plain, 'ac-1')
        .parameters.slice(2)
        .map((p) => p.id),
    ]);
    expect(ac1.baselines).toEqual([...control(plain, 'ac-1').baselines, 'CUSTOM']);
    expect(control(resolved, 'au-2').parameters.map((p) => p.id)).not.toContain('au-02_odp.01');
    expect(control(resolved, 'au-2').parameters).toHaveLength(control(plain, 'au-2').parameters.length - 1);
    expect(control(resolved, 'au-3').statement).toBeNull();
    // The library's catalog is shared and frozen: resolution never changes it.
    expect(control(high, 'ac-2').guidance).toBe(control(plain, 'ac-2').guidance);
  });

  it('refuses each alteration Comply cannot represent, naming it and where it is', () => {
    const moderate = new Set(
      at(readJson(baselineProfile('MODERATE')), ['profile', 'imports', 0, 'include-controls', 0])[
        'with-ids'
      ] as string[],
    );
    const unselected = high.controls.find((c) => !moderate.has(c.oscal_id))!.oscal_id;
    const cases: [object, string, string][] = [
      [
        { 'control-id': unselected, removes: [{ 'by-name': 'guidance' }] },
        `alters names control \`${unselected}\`, which the profile does not select`,
        '/profile/modify/alters/0',
      ],
      [
        { 'control-id': 'ac-2', removes: [{ 'by-class': 'sp800-53a' }] },
        "a removal from `ac-2` by-class or by-ns cannot be applied: Comply keeps no classes or namespaces of a control's parts and properties",
        '/profile/modify/alters/0/removes/0',
      ],
      [
        { 'control-id': 'ac-2', removes: [{ 'by-name': 'label' }] },
        "the label of `ac-2` cannot be removed: it is the control's code",
        '/profile/modify/alters/0/removes/0',
      ],
      [
        { 'control-id': 'ac-2', removes: [{ 'by-id': 'ac-2_smt.a' }] },
        'a removal of a statement item from `ac-2` cannot be applied: Comply keeps the statement as one text',
        '/profile/modify/alters/0/removes/0',
      ],
      [
        { 'control-id': 'ac-2', adds: [{ parts: [{ id: 'x', name: 'assessment', prose: 'x' }] }] },
        "an addition to `ac-2` brings a part named `assessment`: Comply keeps a control's statement and guidance only",
        '/profile/modify/alters/0/adds/0/parts/0',
      ],
      [
        {
          'control-id': 'ac-2',
          adds: [{ position: 'after', 'by-id': 'ac-2_smt.a', parts: [{ name: 'item' }] }],
        },
        'an addition to `ac-2` is placed by `ac-2_smt.a`, which is none of the control, its statement (`ac-2_smt`), its guidance (`ac-2_gdn`) or its parameters: Comply keeps the statement and guidance each as one text',
        '/profile/modify/alters/0/adds/0',
      ],
      [
        { 'control-id': 'ac-2', adds: [{ props: [{ name: 'status', value: 'x' }] }] },
        'an addition to `ac-2` brings the property `status`: Comply keeps no control properties besides its label and baselines (`baseline` in urn:comply:oscal)',
        '/profile/modify/alters/0/adds/0/props/0',
      ],
      [
        { 'control-id': 'ac-2', adds: [{ title: 'New', links: [{ href: '#x' }] }] },
        'an addition to `ac-2` cannot apply `title`, `links`: Comply adds parts, parameters and baseline properties only',
        '/profile/modify/alters/0/adds/0',
      ],
    ];
    for (const [alter, message, pointer] of cases) {
      expect(refusal({ modify: { alters: [alter] } }), message).toEqual({ message, pointer });
    }
  });
});

describe('profile merge', () => {
  it('keeps the families as-is (NIST’s profiles) and drops them when flat', () => {
    expect(plain.families.map((f) => f.id)).toContain('ac');
    const flat = resolveProfile({ profile: moderateWith({ merge: { flat: {} } }), catalog: high });
    expect(flat.families).toEqual([]);
    expect(flat.controls.every((c) => c.family === null && c.family_id === null)).toBe(true);
    expect(flat.controls.map((c) => c.oscal_id)).toEqual(plain.controls.map((c) => c.oscal_id));
  });

  it('refuses a custom structure, and accepts combine (which OSCAL 1.2 gives no options)', () => {
    expect(refusal({ merge: { custom: { groups: [{ title: 'Mine' }] } } })).toEqual({
      message:
        'the profile asks for a custom structure (`merge.custom`): Comply keeps the families of the catalog it imports (`as-is`) or none (`flat`)',
      pointer: '/profile/merge/custom',
    });
    const combined = resolveProfile({
      profile: moderateWith({ merge: { combine: {}, 'as-is': true } }),
      catalog: high,
    });
    expect(combined.controls).toEqual(plain.controls);
  });
});
