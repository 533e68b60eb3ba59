import { describe, expect, it } from 'vitest';
import {
  IMPORT_LIMITS,
  type ImportedCatalog,
  OscalImportError,
  parseCatalog,
  parseMappingCollection,
  resolveProfile,
  validateOscal,
} from '../src/index.js';
import { bareControl } from './helpers.js';
import {
  catalogOf,
  chainedInsertionCatalog,
  crossProductCollection,
  patternProfile,
  selfInsertingCatalog,
  unknownPropertyCatalog,
} from './hostile-documents.js';

/** The OscalImportError `run` throws (fails the test when it throws nothing or something else). */
function refusal(run: () => unknown): { message: string; pointer: string | null } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(OscalImportError);
    return { message: (error as OscalImportError).message, pointer: (error as OscalImportError).pointer };
  }
  throw new Error('the document was accepted; a refusal was expected');
}

function valid<T>(doc: T): T {
  const validation = validateOscal(doc);
  expect(validation.ok, JSON.stringify(validation).slice(0, 500)).toBe(true);
  return doc;
}

const insert = (id: string) => `{{ insert: param, ${id} }}`;

describe('parameter insertions (issue 24, item 1)', () => {
  it('renders a parameter that inserts itself once, leaving the cycle as written', () => {
    const parsed = parseCatalog(valid(selfInsertingCatalog({ k: 3, controls: 50 })));
    const rendered = `[Selection: ${insert('p').repeat(3)}; ${insert('p').repeat(3)}]`;
    expect(parsed.controls[0]!.statement).toBe(`Do ${rendered}.`);
    expect(parsed.controls[49]!.statement).toBe(`Do ${rendered}.`);
    expect(parsed.controls[0]!.parameters[0]!.select!.choices).toEqual([
      rendered.repeat(3),
      rendered.repeat(3),
    ]);
  });

  it('refuses the reported self-insertion (k = 40) at the parameter, in bounded work', () => {
    // Before: ~24·k⁴ characters per insertion (k = 40: 61 million), rendered again at every control.
    const { message, pointer } = refusal(() =>
      parseCatalog(valid(selfInsertingCatalog({ k: 40, controls: 50 }))),
    );
    expect(message).toContain(`more than ${IMPORT_LIMITS.parameterText} characters`);
    expect(pointer).toBe('/catalog/controls/0/params/0');
  });

  it('terminates on a cycle through several parameters', () => {
    const parsed = parseCatalog(
      valid(
        catalogOf([
          {
            id: 'c-1',
            title: 'Cycle',
            params: [
              { id: 'a', select: { choice: [`a: ${insert('b')}`] } },
              { id: 'b', select: { choice: [`b: ${insert('c')}`] } },
              { id: 'c', select: { choice: [`c: ${insert('a')}`, 'plain'] } },
            ],
            parts: [{ id: 'c-1_smt', name: 'statement', prose: `Do ${insert('a')}.` }],
          },
        ]),
      ),
    );
    expect(parsed.controls[0]!.statement).toBe(
      `Do [Selection: a: [Selection: b: [Selection: c: ${insert('a')}; plain]]].`,
    );
  });

  it('refuses a parameter whose insertions render past the parameter limit, naming it', () => {
    // Rendered once each, p0 would still be 12^7 (35 million) characters long.
    const { message, pointer } = refusal(() =>
      parseCatalog(valid(chainedInsertionCatalog({ k: 12, depth: 8 }))),
    );
    expect(message).toContain(`more than ${IMPORT_LIMITS.parameterText} characters`);
    expect(pointer).toMatch(/^\/catalog\/controls\/0\/params\/\d$/);
  });

  it('refuses insertions nested deeper than the limit, and accepts them up to it', () => {
    const depth = IMPORT_LIMITS.insertionDepth;
    const deep = refusal(() => parseCatalog(valid(chainedInsertionCatalog({ k: 1, depth: depth + 2 }))));
    expect(deep.message).toBe(`parameter insertions nest deeper than ${depth} levels`);
    expect(deep.pointer).toMatch(/^\/catalog\/controls\/0\/params\/\d+$/);
    const parsed = parseCatalog(valid(chainedInsertionCatalog({ k: 1, depth })));
    expect(parsed.controls[0]!.statement).toBe(
      `Do ${'[Selection: '.repeat(depth - 1)}x${']'.repeat(depth - 1)}.`,
    );
  });

  it('refuses a control whose text renders past the control limit, naming the control', () => {
    const long = 'v'.repeat(IMPORT_LIMITS.parameterText - 10);
    const { message, pointer } = refusal(() =>
      parseCatalog(
        valid(
          catalogOf([
            { id: 'c-0', title: 'Fine' },
            {
              id: 'c-1',
              title: 'Large',
              params: [{ id: 'p', values: [long] }],
              parts: [{ id: 'c-1_smt', name: 'statement', prose: insert('p').repeat(20) }],
            },
          ]),
        ),
      ),
    );
    expect(message).toContain(`more than ${IMPORT_LIMITS.controlText} characters`);
    expect(pointer).toBe('/catalog/controls/1');
  });

  it('refuses a document whose controls together render past the document limit', () => {
    const long = 'v'.repeat(IMPORT_LIMITS.parameterText - 10);
    const prose = insert('p').repeat(9);
    const count = Math.ceil(IMPORT_LIMITS.documentText / (9 * long.length)) + 1;
    const doc = catalogOf([
      { id: 'c-0', title: 'Zero', params: [{ id: 'p', values: [long] }] },
      ...Array.from({ length: count }, (_, i) => ({
        id: `c-${i + 1}`,
        title: 'Many',
        parts: [{ id: `c-${i + 1}_smt`, name: 'statement', prose }],
      })),
    ]);
    const { message, pointer } = refusal(() => parseCatalog(doc));
    expect(message).toContain(`the document renders to more than ${IMPORT_LIMITS.documentText} characters`);
    expect(pointer).toMatch(/^\/catalog\/controls\/\d+$/);
  });

  it('refuses more parameters than the limit, naming the first one over', () => {
    const params = Array.from({ length: IMPORT_LIMITS.parameters + 1 }, (_, i) => ({ id: `p-${i}` }));
    const { message, pointer } = refusal(() => parseCatalog(catalogOf([{ id: 'c-0', title: 'C', params }])));
    expect(message).toBe(`the catalog has more than ${IMPORT_LIMITS.parameters} parameters`);
    expect(pointer).toBe(`/catalog/controls/0/params/${IMPORT_LIMITS.parameters}`);
  });

  it('counts parameter labels and values in the control size', () => {
    const values = Array.from({ length: 11 }, () => 'v'.repeat(IMPORT_LIMITS.controlText / 10));
    const { message, pointer } = refusal(() =>
      parseCatalog(catalogOf([{ id: 'c-0', title: 'C', params: [{ id: 'p', values }] }])),
    );
    expect(message).toContain(`more than ${IMPORT_LIMITS.controlText} characters`);
    expect(pointer).toBe('/catalog/controls/0');
  });

  it('refuses more controls than the limit', () => {
    const doc = catalogOf(
      Array.from({ length: IMPORT_LIMITS.controls + 1 }, (_, i) => ({ id: `c-${i}`, title: 'C' })),
    );
    const { message, pointer } = refusal(() => parseCatalog(doc));
    expect(message).toBe(`the catalog has more than ${IMPORT_LIMITS.controls} controls`);
    expect(pointer).toBe(`/catalog/controls/${IMPORT_LIMITS.controls}`);
  });
});

describe('schema error reporting (issue 24, item 2)', () => {
  it('reports the first issues of a catalog with an unknown property on each of 60,000 controls', () => {
    // Before: every additionalProperties error was compared with every other, and Ajv copied its
    // error list at each $ref — minutes for this 2.4 MB document.
    const result = validateOscal(unknownPropertyCatalog(60_000));
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    expect(issues).toHaveLength(10);
    for (const issue of issues) {
      expect(issue.pointer).toMatch(/^\/catalog\/controls\/\d+\/bogus$/);
      expect(issue.message).toBe('is not allowed here (unknown property)');
    }
  });

  it('still leaves out the echoes of anyOf branches (an unknown property with problems below it)', () => {
    const doc = catalogOf(
      [],
      [{ id: 'g', title: 'G', groups: [{ id: 'h', title: 'H', controls: [{ id: 'x', title: 1 }] }] }],
    );
    const result = validateOscal(doc);
    expect(result.ok).toBe(false);
    const pointers = result.ok ? [] : result.issues.map((issue) => issue.pointer);
    expect(pointers).toContain('/catalog/groups/0/groups/0/controls/0/title');
    expect(pointers).not.toContain('/catalog/groups/0/groups');
  });
});

describe('mapping-collections and profiles (issue 24, item 3)', () => {
  it('refuses a map naming more ids than the limit before building any pair', () => {
    // Before: 1,500 × 1,500 ids (318 KB) made 2.25 million rows: 25 s and 5.1 GB.
    const { message, pointer } = refusal(() =>
      parseMappingCollection(valid(crossProductCollection({ sources: 1_500, targets: 1_500 }))),
    );
    expect(message).toBe(`a map may name at most ${IMPORT_LIMITS.idsPerMap} ids here`);
    expect(pointer).toBe('/mapping-collection/mappings/0/maps/0/sources');
  });

  it('refuses a collection describing more rows than the limit, and accepts one at it', () => {
    const over = refusal(() =>
      parseMappingCollection(crossProductCollection({ sources: 1_000, targets: 6 })),
    );
    expect(over.message).toContain(`more than ${IMPORT_LIMITS.mappingRows} crosswalk rows`);
    expect(over.pointer).toBe('/mapping-collection/mappings/0/maps/0');
    const at = parseMappingCollection(crossProductCollection({ sources: 1_000, targets: 5 }));
    expect(at.mappings[0]!.source_ids).toHaveLength(1_000);
  });

  const catalog = (ids: string[]): ImportedCatalog => ({
    title: 'Ids',
    version: null,
    description: null,
    oscal_uuid: 'c',
    families: [],
    controls: ids.map((id, position) =>
      bareControl({ code: id, oscal_id: id, title: id, family: null, family_id: null }, position),
    ),
  });

  it('refuses a pattern longer than the limit and more patterns than the limit, naming the pattern', () => {
    // Before: 4 MB of `*` was matched against every control id (11 s).
    const long = refusal(() =>
      resolveProfile({ profile: valid(patternProfile(['*'.repeat(4_000_000)])), catalog: catalog(['a']) }),
    );
    expect(long.message).toBe(
      `a matching pattern may be at most ${IMPORT_LIMITS.patternLength} characters long`,
    );
    expect(long.pointer).toBe('/profile/imports/0/include-controls/0/matching/0/pattern');
    const many = refusal(() =>
      resolveProfile({
        profile: patternProfile(Array.from({ length: IMPORT_LIMITS.patterns + 1 }, () => 'a*')),
        catalog: catalog(['a']),
      }),
    );
    expect(many.message).toBe(`the profile has more than ${IMPORT_LIMITS.patterns} matching patterns`);
    expect(many.pointer).toBe(
      `/profile/imports/0/include-controls/0/matching/${IMPORT_LIMITS.patterns}/pattern`,
    );
  });

  it('refuses patterns whose matching would pass the step budget', () => {
    const worst = `${'*a'.repeat(49)}b`;
    const ids = Array.from({ length: 5_000 }, (_, i) => `${'a'.repeat(190)}${i}`);
    const { message, pointer } = refusal(() =>
      resolveProfile({ profile: patternProfile(Array(100).fill(worst)), catalog: catalog(ids) }),
    );
    expect(message).toContain(`more than ${IMPORT_LIMITS.matchingSteps} comparisons`);
    expect(pointer).toBe('/profile/imports');
  });

  it('refuses more modifications than the limit', () => {
    const profile = patternProfile(['a*']) as { profile: Record<string, unknown> };
    profile.profile.modify = {
      'set-parameters': Array.from({ length: IMPORT_LIMITS.modifications + 1 }, (_, i) => ({
        'param-id': `p-${i}`,
        values: ['x'],
      })),
    };
    const { message, pointer } = refusal(() => resolveProfile({ profile, catalog: catalog(['ab']) }));
    expect(message).toContain(`more than ${IMPORT_LIMITS.modifications} times`);
    expect(pointer).toBe('/profile/modify');
  });

  it('counts the removes and adds of alters among the modifications', () => {
    const profile = patternProfile(['a*']) as { profile: Record<string, unknown> };
    const adds = Array.from({ length: IMPORT_LIMITS.modifications }, () => ({ position: 'ending' }));
    profile.profile.modify = { alters: [{ 'control-id': 'ab', adds }] };
    const { message, pointer } = refusal(() => resolveProfile({ profile, catalog: catalog(['ab']) }));
    expect(message).toContain(`more than ${IMPORT_LIMITS.modifications} times`);
    expect(pointer).toBe('/profile/modify');
  });
});
