import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  listLibrary,
  loadLibraryCatalog,
  OscalImportError,
  parseCatalog,
  validateOscal,
} from '../src/index.js';
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
    expect(nist.title).toBe('NIST SP 800-53 Rev. 5, HIGH and PRIVACY baseline controls');
    // Not the catalog: controls no baseline selects are not in it.
    expect(nist.controls.find((control) => control.code === 'PM-1')).toBeUndefined();
    expect(nist.controls.find((control) => control.code === 'AC-2(6)')).toBeUndefined();
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
      expect(filtered.title).toBe(
        `NIST SP 800-53 Rev. 5, HIGH and PRIVACY baseline controls (${baseline} baseline)`,
      );
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
      title: 'NIST SP 800-53 Rev. 5, HIGH and PRIVACY baseline controls',
      description: expect.stringMatching(/not the whole catalog.*PM-1.*OSCAL import/s),
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
      description: '',
    };
    expect(() => readCatalogDocument({ ...entry, catalogs: ['pci-dss-4.json'], baselines: {} })).toThrowError(
      new OscalImportError('library entry `pci-dss-4` is not installed: library/pci-dss-4.json is missing'),
    );
  });

  it('ships the eight entries of the manifest with their expected sizes', () => {
    const sizes = listLibrary().map((entry) => [entry.key, entry.control_count]);
    // Counted from the source files (see the NIST entries' tests below and library/AUTHORED.md).
    expect(sizes).toEqual([
      ['nist-sp-800-53-r5', 424],
      ['iso-27001-2022', 93],
      ['iso-27001-2022-clauses', 34],
      ['soc2-tsc-2017', 61],
      ['nis2', 26],
      ['gdpr', 46],
      ['nist-csf-2.0', 128],
      ['nist-sp-800-171-r3', 97],
    ]);
    expect(loadLibraryCatalog({ key: 'iso-27001-2022' }).families).toHaveLength(4);
  });
});

/** The controls of a NIST catalog file that are not withdrawn (a withdrawn control's children neither). */
function activeControls(file: string): { id: string; depth: number }[] {
  const found: { id: string; depth: number }[] = [];
  const walk = (controls: unknown, depth: number) => {
    for (const control of (controls ?? []) as {
      id: string;
      props?: { name: string; value: string }[];
      controls?: unknown;
    }[]) {
      if (control.props?.some((prop) => prop.name === 'status' && prop.value === 'withdrawn')) continue;
      found.push({ id: control.id, depth });
      walk(control.controls, depth + 1);
    }
  };
  for (const group of at(readJson(file), ['catalog']).groups as { controls: unknown }[])
    walk(group.controls, 0);
  return found;
}

describe('the NIST CSF 2.0 and SP 800-171 Rev. 3 entries', () => {
  it('CSF 2.0: the six functions as families, 22 categories with their 106 subcategories nested, withdrawn ones left out', () => {
    const csf = loadLibraryCatalog({ key: 'nist-csf-2.0' });
    const active = activeControls('library/nist-csf-2.0/NIST_CSF_v2.0_catalog-min.json');
    expect(csf.controls.map((control) => control.oscal_id)).toEqual(active.map((control) => control.id));
    expect([active.filter((c) => c.depth === 0).length, active.filter((c) => c.depth === 1).length]).toEqual([
      22, 106,
    ]);
    expect(csf.families.map((family) => `${family.id} ${family.title}`)).toEqual([
      'GV GOVERN',
      'ID IDENTIFY',
      'PR PROTECT',
      'DE DETECT',
      'RS RESPOND',
      'RC RECOVER',
    ]);
    // The label "Organizational Context (GV.OC)" gives the code GV.OC.
    expect(csf.controls[0]).toMatchObject({
      code: 'GV.OC',
      title: 'Organizational Context',
      parent_code: null,
    });
    expect(csf.controls.find((control) => control.code === 'GV.OC-01')).toMatchObject({
      parent_code: 'GV.OC',
      family: 'GOVERN',
    });
    expect(csf.controls.find((control) => control.code.startsWith('ID.BE'))).toBeUndefined();
  });

  it('SP 800-171 Rev. 3: 97 requirements in 17 families, codes from the labels, the 33 withdrawn left out', () => {
    const sp171 = loadLibraryCatalog({ key: 'nist-sp-800-171-r3' });
    const file = 'library/nist-sp-800-171-r3/NIST_SP800-171_rev3_catalog-min.json';
    expect(sp171.controls.map((control) => control.oscal_id)).toEqual(activeControls(file).map((c) => c.id));
    expect(sp171.controls).toHaveLength(97);
    expect(sp171.families).toHaveLength(17);
    expect(sp171.controls[0]).toMatchObject({
      code: '03.01.01',
      title: 'Account Management',
      family: 'Access Control',
    });
    expect(sp171.controls.find((control) => control.code === '03.01.13')).toBeUndefined();
    expect(sp171.families.at(-1)?.title).toBe('Supply Chain Risk Management');
  });
});

describe('the ISO/IEC 27001:2022 clauses entry', () => {
  it('holds clauses 4.1 to 10.2 with their official short titles, 6.1, 7.5, 9.2 and 9.3 subdivided', () => {
    const clauses = loadLibraryCatalog({ key: 'iso-27001-2022-clauses' });
    expect(clauses.families.map((family) => family.title)).toEqual([
      'Context of the organization',
      'Leadership',
      'Planning',
      'Support',
      'Operation',
      'Performance evaluation',
      'Improvement',
    ]);
    const byCode = Object.fromEntries(clauses.controls.map((control) => [control.code, control]));
    expect(clauses.controls.filter((control) => control.parent_code === null)).toHaveLength(23);
    expect(clauses.controls).toHaveLength(34);
    expect(byCode['4.1']?.title).toBe('Understanding the organization and its context');
    expect(byCode['6.1.2']).toMatchObject({
      title: 'Information security risk assessment',
      parent_code: '6.1',
    });
    expect(byCode['6.3']?.title).toBe('Planning of changes');
    expect(byCode['9.2.2']?.title).toBe('Internal audit programme');
    expect(byCode['10.1']?.title).toBe('Continual improvement');
    expect(byCode['10.2']?.title).toBe('Nonconformity and corrective action');
  });
});

describe('importing the full SP 800-53 catalog through OSCAL import', () => {
  it('parses a document in the full catalog’s shape with PM-1 and AC-2(6), which the library entry lacks', () => {
    const doc = readJson('test/fixtures/nist-800-53-full-catalog-excerpt.json');
    expect(validateOscal(doc)).toMatchObject({ ok: true });
    const catalog = parseCatalog(doc);
    expect(catalog.controls.map((control) => control.code)).toEqual([
      'AC-1',
      'AC-2',
      'AC-2(1)',
      'AC-2(6)',
      'PM-1',
    ]);
    expect(catalog.controls.find((control) => control.code === 'AC-2(6)')).toMatchObject({
      title: 'Dynamic Privilege Management',
      parent_code: 'AC-2',
      family: 'Access Control',
    });
    expect(catalog.controls.find((control) => control.code === 'PM-1')).toMatchObject({
      title: 'Information Security Program Plan',
      family: 'Program Management',
      statement: expect.stringContaining('information security program plan'),
    });
  });
});
