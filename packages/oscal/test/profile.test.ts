import { describe, expect, it } from 'vitest';
import { globMatches } from '../src/import/profile.js';
import {
  loadLibraryCatalog,
  OscalImportError,
  parseCatalog,
  profileImports,
  resolveProfile,
  validateOscal,
} from '../src/index.js';
import { at, baselineProfile, HIGH_CATALOG, readJson } from './helpers.js';

const high = parseCatalog(readJson(HIGH_CATALOG));

function selectedIds(baseline: string): string[] {
  return at(readJson(baselineProfile(baseline)), ['profile', 'imports', 0, 'include-controls', 0])[
    'with-ids'
  ] as string[];
}

function profileWith(entry: Record<string, unknown>): unknown {
  const doc = {
    profile: {
      uuid: '0d3e5a4c-8f1b-4c2d-9e6f-7a8b9c0d1e2f',
      metadata: {
        title: 'Tailored',
        'last-modified': '2026-01-01T00:00:00Z',
        version: '2',
        'oscal-version': '1.2.1',
      },
      imports: [{ href: '#catalog', ...entry }],
    },
  };
  expect(validateOscal(doc)).toEqual({ ok: true, model: 'profile' });
  return doc;
}

describe('profileImports', () => {
  it('lists the imported catalog with the back-matter resource links', () => {
    const [entry, ...rest] = profileImports(readJson(baselineProfile('LOW')));
    expect(rest).toEqual([]);
    expect(entry!.href).toBe('#84cbf061-eb87-4ec1-8112-1f529232e907');
    expect(entry!.rlinks).toContain(
      '../../../../nist.gov/SP800-53/rev5/json/NIST_SP-800-53_rev5_catalog.json',
    );
  });
});

describe('resolveProfile', () => {
  it('resolving MODERATE against the HIGH catalog gives exactly the controls MODERATE selects', () => {
    const moderate = resolveProfile({ profile: readJson(baselineProfile('MODERATE')), catalog: high });
    const ids = selectedIds('MODERATE');
    expect(moderate.controls.map((control) => control.oscal_id).sort()).toEqual([...ids].sort());
    const order = high.controls.map((control) => control.oscal_id).filter((id) => ids.includes(id));
    expect(moderate.controls.map((control) => control.oscal_id)).toEqual(order);
    expect(moderate.controls.map((control) => control.position)).toEqual([...Array(ids.length).keys()]);
    expect(moderate.title).toBe('NIST Special Publication 800-53 Revision 5.1.1 MODERATE IMPACT BASELINE');
    expect(moderate.oscal_uuid).toBe(at(readJson(baselineProfile('MODERATE')), ['profile']).uuid);
  });

  it('resolves PRIVACY against the library union, and refuses it against HIGH which lacks 53 of them', () => {
    const union = loadLibraryCatalog({ key: 'nist-sp-800-53-r5' });
    const privacy = resolveProfile({ profile: readJson(baselineProfile('PRIVACY')), catalog: union });
    expect(privacy.controls).toHaveLength(selectedIds('PRIVACY').length);
    expect(() =>
      resolveProfile({ profile: readJson(baselineProfile('PRIVACY')), catalog: high }),
    ).toThrowError(
      /the profile selects controls the catalog ".*HIGH IMPACT BASELINE" does not have: ac-3\.14, at-3\.5, au-3\.3, ir-2\.3, ir-8\.1, … \(53 in all\); resolve it against the catalog it imports$/,
    );
  });

  it('includes child controls on request and applies exclusions', () => {
    const resolved = resolveProfile({
      profile: profileWith({
        'include-controls': [
          { 'with-child-controls': 'yes', 'with-ids': ['ac-2'] },
          { 'with-ids': ['au-2'] },
        ],
        'exclude-controls': [{ 'with-ids': ['ac-2.5'] }],
      }),
      catalog: high,
    });
    const expected = high.controls
      .filter((c) => c.code === 'AC-2' || c.parent_code === 'AC-2' || c.code === 'AU-2')
      .map((c) => c.code)
      .filter((code) => code !== 'AC-2(5)');
    expect(resolved.controls.map((control) => control.code)).toEqual(expected);
    expect(expected).toContain('AC-2(13)');
    expect(resolved.families.map((family) => family.id)).toEqual(['ac', 'au']);
    expect(resolved).toMatchObject({ title: 'Tailored', version: '2' });
  });

  it('includes everything with include-all and excludes by matching pattern', () => {
    const resolved = resolveProfile({
      profile: profileWith({ 'include-all': {}, 'exclude-controls': [{ matching: [{ pattern: 'ac-*' }] }] }),
      catalog: high,
    });
    expect(resolved.controls).toHaveLength(high.controls.filter((c) => c.family_id !== 'ac').length);
    expect(resolved.families[0]!.id).toBe('at');
  });

  it('refuses a profile that selects nothing', () => {
    const profile = profileWith({ 'include-controls': [{ matching: [{ pattern: 'zz-*' }] }] });
    expect(() => resolveProfile({ profile, catalog: high })).toThrowError(OscalImportError);
    expect(() => resolveProfile({ profile, catalog: high })).toThrowError('the profile selects no controls');
  });
});

describe('globMatches', () => {
  it.each([
    ['ac-*', 'ac-2.1', true],
    ['ac-?', 'ac-2', true],
    ['ac-?', 'ac-20', false],
    ['*.1', 'ac-2.1', true],
    ['*', '', true],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'axxbyy', false],
    ['ac.2', 'acx2', false],
  ])('%s against %s → %s', (pattern, text, expected) => {
    expect(globMatches({ pattern, text })).toBe(expected);
  });

  it('answers a pattern that would make a regular expression backtrack for ages', () => {
    expect(globMatches({ pattern: `${'*a'.repeat(40)}b`, text: 'a'.repeat(5000) })).toBe(false);
  });
});
