import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listLibrary, loadLibraryCatalog, OscalImportError, validateOscal } from '../src/index.js';
import { readCatalogDocument } from '../src/library/load.js';
import { at, baselineProfile, readJson } from './helpers.js';

const manifest = readJson('library/library.json') as { entries: { key: string; catalogs: string[] }[] };
const installed = manifest.entries.filter((entry) =>
  entry.catalogs.every((file) => existsSync(fileURLToPath(new URL(`../library/${file}`, import.meta.url)))),
);

function withIds(baseline: string): string[] {
  return at(readJson(baselineProfile(baseline)), ['profile', 'imports', 0, 'include-controls', 0])[
    'with-ids'
  ] as string[];
}

describe('the NIST SP 800-53 library entry', () => {
  const nist = loadLibraryCatalog({ key: 'nist-sp-800-53-r5' });

  it('is the union of HIGH and PRIVACY in catalog order, with the PT family in its place', () => {
    expect(nist.controls).toHaveLength(424);
    expect(nist.families.map((family) => family.id).join(' ')).toBe(
      'ac at au ca cm cp ia ir ma mp pe pl pm ps pt ra sa sc si sr',
    );
    expect(new Set(nist.controls.map((control) => control.code)).size).toBe(424);
    const pt = nist.controls.filter((control) => control.family_id === 'pt');
    expect(pt[0]).toMatchObject({
      code: 'PT-1',
      family: 'Personally Identifiable Information Processing and Transparency',
    });
    expect(nist.controls.map((control) => control.position)).toEqual([...Array(424).keys()]);
    expect(nist.title).toBe('NIST SP 800-53 Rev. 5');
    expect(nist.version).toBe('5.1.1');
  });

  it('keeps NIST catalog order: PRIVACY-only enhancements sit among their siblings (AU-3(1) before AU-3(3))', () => {
    const sortIds = new Map<string, string>();
    const walk = (controls: unknown) => {
      for (const control of (controls ?? []) as {
        id: string;
        props: { name: string; value: string }[];
        controls?: unknown;
      }[]) {
        sortIds.set(control.id, control.props.find((prop) => prop.name === 'sort-id')!.value);
        walk(control.controls);
      }
    };
    for (const file of manifest.entries[0]!.catalogs) {
      for (const group of at(readJson(`library/${file}`), ['catalog']).groups as { controls: unknown }[])
        walk(group.controls);
    }
    const keys = nist.controls.map((control) => sortIds.get(control.oscal_id)!);
    expect(keys).toEqual([...keys].sort());
    const codes = nist.controls.map((control) => control.code);
    expect(codes.indexOf('AU-3(1)')).toBeLessThan(codes.indexOf('AU-3(3)'));
  });

  it.each(['LOW', 'MODERATE', 'HIGH', 'PRIVACY'])(
    'tags and filters exactly the controls %s selects',
    (baseline) => {
      const ids = withIds(baseline);
      const tagged = nist.controls
        .filter((control) => control.baselines.includes(baseline))
        .map((c) => c.oscal_id);
      expect(new Set(tagged)).toEqual(new Set(ids));
      const filtered = loadLibraryCatalog({ key: 'nist-sp-800-53-r5', baseline: baseline.toLowerCase() });
      expect(filtered.controls.map((control) => control.oscal_id).sort()).toEqual([...ids].sort());
      expect(filtered.title).toBe(`NIST SP 800-53 Rev. 5 (${baseline} baseline)`);
    },
  );

  it('keeps an enhancement selected without its control pointing to its parent (PRIVACY AC-3(14))', () => {
    const privacy = loadLibraryCatalog({ key: 'nist-sp-800-53-r5', baseline: 'PRIVACY' });
    expect(privacy.controls.find((control) => control.code === 'AC-3')).toBeUndefined();
    expect(privacy.controls.find((control) => control.code === 'AC-3(14)')!.parent_code).toBe('AC-3');
  });

  it('is memoized and frozen', () => {
    expect(loadLibraryCatalog({ key: 'nist-sp-800-53-r5' })).toBe(nist);
    expect(Object.isFrozen(nist.controls[0])).toBe(true);
  });

  it('refuses an unknown baseline naming the allowed ones', () => {
    expect(() => loadLibraryCatalog({ key: 'nist-sp-800-53-r5', baseline: 'EXTREME' })).toThrowError(
      new OscalImportError(
        'unknown baseline `EXTREME` for `nist-sp-800-53-r5`; allowed: LOW, MODERATE, HIGH, PRIVACY',
      ),
    );
  });
});

describe('the library', () => {
  it('refuses an unknown key naming the known ones', () => {
    expect(() => loadLibraryCatalog({ key: 'pci' })).toThrowError(
      /unknown library key `pci`; the library has nist-sp-800-53-r5, iso-27001-2022/,
    );
  });

  it('lists every installed entry with its facts and control count', () => {
    const entries = listLibrary();
    expect(entries.map((entry) => entry.key)).toEqual(installed.map((entry) => entry.key));
    expect(entries[0]).toEqual({
      key: 'nist-sp-800-53-r5',
      title: 'NIST SP 800-53 Rev. 5',
      publisher: 'National Institute of Standards and Technology (NIST)',
      version: '5.1.1',
      licence: 'Public domain in the US (US government work); CC0 1.0 worldwide',
      source: expect.stringMatching(/^NIST OSCAL content: SP 800-53 Rev\. 5\.1\.1 HIGH and PRIVACY/),
      baselines: ['LOW', 'MODERATE', 'HIGH', 'PRIVACY'],
      control_count: 424,
    });
  });

  it.each(installed.map((entry) => [entry.key, entry.catalogs]))(
    'entry %s: its files are valid OSCAL and load with unique codes',
    (key, catalogs) => {
      for (const file of catalogs as string[])
        expect(validateOscal(readJson(`library/${file}`))).toMatchObject({ ok: true });
      const catalog = loadLibraryCatalog({ key: key as string });
      expect(catalog.controls.length).toBeGreaterThan(0);
      expect(new Set(catalog.controls.map((control) => control.code)).size).toBe(catalog.controls.length);
    },
  );

  it('reports an entry whose file is missing as not installed', () => {
    const entry = {
      key: 'pci-dss-4',
      title: 'PCI DSS',
      publisher: 'PCI SSC',
      version: '4.0',
      licence: '',
      source: '',
    };
    expect(() => readCatalogDocument({ ...entry, catalogs: ['pci-dss-4.json'], baselines: {} })).toThrowError(
      new OscalImportError('library entry `pci-dss-4` is not installed: library/pci-dss-4.json is missing'),
    );
  });

  it('ships the five entries of the manifest with their expected sizes', () => {
    const sizes = listLibrary().map((entry) => [entry.key, entry.control_count]);
    expect(sizes).toEqual([
      ['nist-sp-800-53-r5', 424],
      ['iso-27001-2022', 93],
      ['soc2-tsc-2017', 61],
      ['nis2', 23],
      ['gdpr', 46],
    ]);
    expect(loadLibraryCatalog({ key: 'iso-27001-2022' }).families).toHaveLength(4);
  });
});
