import { describe, expect, it } from 'vitest';
import { OscalImportError, parseMappingCollection, validateOscal } from '../src/index.js';

const NIST = { uuid: '6a5b1f0e-1d2c-4b3a-9f8e-7d6c5b4a3f21', title: 'NIST SP 800-53 Rev. 5' };

function map(relationship: string, sources: string[], targets: string[], type = 'control') {
  return {
    uuid: '3f2e1d0c-9b8a-4776-8554-433221100fed',
    relationship,
    sources: sources.map((id) => ({ type, 'id-ref': id })),
    targets: targets.map((id) => ({ type: 'control', 'id-ref': id })),
  };
}

function collection(mappings: unknown): unknown {
  const doc = {
    'mapping-collection': {
      uuid: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
      metadata: {
        title: 'NIST to ISO',
        'last-modified': '2026-01-01T00:00:00Z',
        version: '1',
        'oscal-version': '1.2.1',
      },
      provenance: {
        method: 'human',
        'matching-rationale': 'semantic',
        status: 'complete',
        'mapping-description': 'Account management against ISO access control.',
      },
      mappings,
      'back-matter': { resources: [{ uuid: NIST.uuid, title: NIST.title }] },
    },
  };
  expect(validateOscal(doc)).toEqual({ ok: true, model: 'mapping-collection' });
  return doc;
}

function mapping(maps: unknown[]) {
  return {
    uuid: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
    'source-resource': { type: 'catalog', href: `#${NIST.uuid}` },
    'target-resource': { type: 'catalog', href: 'https://example.org/iso-27001-2022.json' },
    maps,
  };
}

describe('parseMappingCollection', () => {
  it('gives one entry per map with both resources, titles from the back-matter', () => {
    const parsed = parseMappingCollection(
      collection([
        mapping([
          { ...map('equivalent-to', ['ac-2'], ['a.5.16', 'a.5.18']), remarks: 'Identity lifecycle.' },
          map('subset-of', ['ac-2.1'], ['a.5.16']),
        ]),
      ]),
    );
    expect(parsed).toEqual({
      title: 'NIST to ISO',
      oscal_uuid: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
      version: '1',
      mappings: [
        {
          source_resource: { href: `#${NIST.uuid}`, title: NIST.title },
          target_resource: { href: 'https://example.org/iso-27001-2022.json', title: null },
          relationship: 'equivalent-to',
          source_ids: ['ac-2'],
          target_ids: ['a.5.16', 'a.5.18'],
          remarks: 'Identity lifecycle.',
        },
        expect.objectContaining({
          relationship: 'subset-of',
          source_ids: ['ac-2.1'],
          target_ids: ['a.5.16'],
        }),
      ],
    });
  });

  it('accepts a single mapping object, reads statements as their control, equal-to as equivalent-to', () => {
    const parsed = parseMappingCollection(
      collection(
        mapping([
          map('equal-to', ['ac-2_smt.a', 'ac-2_smt.b'], ['a.5.16'], 'statement'),
          map('no-relationship', ['ac-3'], ['a.8.1']),
          map('intersects-with', ['ac-3'], ['a.8.3']),
          map('superset-of', ['ac-6'], ['a.8.2']),
        ]),
      ),
    );
    expect(parsed.mappings.map((m) => [m.relationship, m.source_ids, m.target_ids])).toEqual([
      ['equivalent-to', ['ac-2'], ['a.5.16']],
      ['intersects-with', ['ac-3'], ['a.8.3']],
      ['superset-of', ['ac-6'], ['a.8.2']],
    ]);
  });

  it('refuses an unknown relationship, pointing at it and naming the allowed ones', () => {
    const doc = collection([
      mapping([map('subset-of', ['ac-2'], ['a.5.16']), map('overlaps', ['ac-3'], ['a.8.1'])]),
    ]);
    try {
      parseMappingCollection(doc);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OscalImportError);
      expect((error as OscalImportError).pointer).toBe('/mapping-collection/mappings/0/maps/1/relationship');
      expect((error as Error).message).toBe(
        'unknown relationship "overlaps"; allowed: equivalent-to, subset-of, superset-of, intersects-with, equal-to, no-relationship',
      );
    }
  });

  it('refuses a collection that relates nothing, and other models', () => {
    expect(() =>
      parseMappingCollection(collection([mapping([map('no-relationship', ['ac-2'], ['a.5.16'])])])),
    ).toThrowError('the mapping-collection relates no controls');
    expect(() => parseMappingCollection({ catalog: {} })).toThrowError(
      'expected a mapping-collection document, got catalog',
    );
  });
});
