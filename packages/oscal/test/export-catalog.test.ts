import { describe, expect, it } from 'vitest';
import {
  exportCatalog,
  type ImportedCatalog,
  loadLibraryCatalog,
  parseCatalog,
  validateOscal,
} from '../src/index.js';
import { iso, organization } from './export-fixture.js';
import { bareControl, readJson } from './helpers.js';

function roundTrip(source: ImportedCatalog) {
  const doc = exportCatalog({
    organization,
    framework: iso,
    families: source.families,
    controls: source.controls,
  });
  expect(validateOscal(doc)).toEqual({ ok: true, model: 'catalog' });
  const back = parseCatalog(doc);
  expect(back.families).toEqual(source.families);
  expect(back.controls).toEqual(source.controls);
  return { doc, back };
}

describe('exportCatalog', () => {
  it('round-trips the full NIST library catalog (424 controls, baselines, parameters, enhancements)', () => {
    const nist = loadLibraryCatalog({ key: 'nist-sp-800-53-r5' });
    expect(nist.controls).toHaveLength(424);
    roundTrip(nist);
  });

  it('round-trips a baseline whose enhancement has no parent in it (PRIVACY AC-3(14))', () => {
    const privacy = loadLibraryCatalog({ key: 'nist-sp-800-53-r5', baseline: 'PRIVACY' });
    const { back } = roundTrip(privacy);
    expect(back.controls.find((c) => c.code === 'AC-3(14)')!.parent_code).toBe('AC-3');
  });

  it.each(['iso-27001-2022', 'soc2-tsc-2017', 'nis2', 'gdpr'])(
    'round-trips the %s library catalog',
    (key) => {
      roundTrip(loadLibraryCatalog({ key }));
    },
  );

  it('round-trips NIST basic example catalog (sub-groups flattened into their family)', () => {
    roundTrip(parseCatalog(readJson('test/fixtures/basic-catalog.json')));
  });

  it('takes title, version, description, uuid and last-modified from the framework record', () => {
    const doc = exportCatalog({
      organization,
      framework: iso,
      controls: loadLibraryCatalog({ key: 'iso-27001-2022' }).controls,
    });
    const back = parseCatalog(doc);
    expect(back).toMatchObject({ title: iso.name, version: '2022', description: iso.description });
    const again = exportCatalog({
      organization,
      framework: iso,
      controls: loadLibraryCatalog({ key: 'iso-27001-2022' }).controls,
    });
    expect(JSON.stringify(again)).toBe(JSON.stringify(doc));
    expect((doc as { catalog: { metadata: Record<string, string> } }).catalog.metadata['last-modified']).toBe(
      iso.updated_at,
    );
  });

  it('exports a hand-made framework: codes without OSCAL-safe ids, no families', () => {
    const controls = [
      { code: '1 Governance', oscal_id: '1 governance', title: 'Governance', family: null, family_id: null },
      { code: 'Ops/2', oscal_id: 'ops-2', title: 'Operations', family: 'Ops', family_id: null },
    ].map(bareControl);
    const doc = exportCatalog({ organization, framework: iso, controls });
    expect(validateOscal(doc)).toEqual({ ok: true, model: 'catalog' });
    expect(parseCatalog(doc).controls.map((c) => [c.code, c.oscal_id, c.family])).toEqual([
      ['1 Governance', '_1-governance', null],
      ['Ops/2', 'ops-2', 'Ops'],
    ]);
  });
});
