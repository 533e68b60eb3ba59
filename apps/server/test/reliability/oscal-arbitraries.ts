import fc from 'fast-check';
import {
  catalogOf,
  crossProductCollection,
  patternProfile,
} from '../../../../packages/oscal/test/hostile-documents.js';

// fast-check generators of OSCAL documents aimed at the import's limits (issue 24): deep nesting,
// parameter insertion graphs with cycles, huge id lists, patterns, and documents with many schema
// errors. Each yields the document and the query string its import needs.

/** One generated import: what to send, and a label for the report. */
export interface OscalCase {
  label: string;
  doc: unknown;
  /** Appended to `/api/oscal/import?organization_id=…`; `{source}`/`{target}` name frameworks. */
  query: string;
}

const insert = (id: string) => `{{ insert: param, ${id} }}`;

/** Groups or parts nested around the depth limit (100), sometimes beyond it. */
export const deepNesting: fc.Arbitrary<OscalCase> = fc
  .record({ depth: fc.integer({ min: 1, max: 140 }), via: fc.constantFrom('groups', 'parts') })
  .map(({ depth, via }) => {
    if (via === 'groups') {
      let group: Record<string, unknown> = {
        id: 'g-leaf',
        title: 'Leaf',
        controls: [{ id: 'c-1', title: 'One' }],
      };
      for (let i = 0; i < depth; i++) group = { id: `g-${i}`, title: `Group ${i}`, groups: [group] };
      return { label: `groups ${depth} deep`, doc: catalogOf([], [group]), query: '' };
    }
    let part: Record<string, unknown> = { name: 'item', prose: 'Leaf.' };
    for (let i = 0; i < depth; i++) part = { name: 'item', prose: `Level ${i}.`, parts: [part] };
    const control = { id: 'c-1', title: 'One', parts: [{ ...part, name: 'statement' }] };
    return { label: `parts ${depth} deep`, doc: catalogOf([control]), query: '' };
  });

/** Parameters whose choices insert random parameters (themselves included) up to 40 times each. */
export const insertionGraphs: fc.Arbitrary<OscalCase> = fc
  .integer({ min: 1, max: 12 })
  .chain((count) => {
    const id = fc.integer({ min: 0, max: count - 1 }).map((n) => `p${n}`);
    const choice = fc
      .array(fc.record({ id, times: fc.integer({ min: 1, max: 40 }) }), { maxLength: 4 })
      .map((inserts) => inserts.map(({ id: p, times }) => insert(p).repeat(times)).join(' or '));
    const param = fc.oneof(
      fc.array(choice, { minLength: 1, maxLength: 3 }).map((choices) => ({ select: { choice: choices } })),
      fc.constant({ values: ['a value'] }),
      fc.constant({ label: 'a label' }),
    );
    return fc.record({
      params: fc.array(param, { minLength: count, maxLength: count }),
      prose: fc.array(id, { maxLength: 20 }),
      controls: fc.integer({ min: 1, max: 30 }),
    });
  })
  .map(({ params, prose, controls }) => {
    const statement = `Do ${prose.map(insert).join(', ')}.`;
    const doc = catalogOf(
      Array.from({ length: controls }, (_, i) => ({
        id: `c-${i}`,
        title: `Control ${i}`,
        ...(i === 0 && { params: params.map((param, n) => ({ id: `p${n}`, ...param })) }),
        parts: [{ id: `c-${i}_smt`, name: 'statement', prose: statement }],
      })),
    );
    return { label: `${params.length} parameters, ${controls} controls`, doc, query: '' };
  });

/** One map with up to 1,500 × 1,500 ids (the limit is 1,000 each, 5,000 pairs). */
export const hugeIdLists: fc.Arbitrary<OscalCase> = fc
  .record({ sources: fc.integer({ min: 1, max: 1_500 }), targets: fc.integer({ min: 1, max: 1_500 }) })
  .map(({ sources, targets }) => ({
    label: `${sources} × ${targets} ids`,
    doc: crossProductCollection({ sources, targets, prefixes: ['c', 'c'] }),
    query: '&source_framework_id={source}&target_framework_id={target}',
  }));

/** Up to 150 patterns of up to 200 characters of `*`, `?` and letters, against the library. */
export const patternLists: fc.Arbitrary<OscalCase> = fc
  .array(fc.string({ unit: fc.constantFrom('*', '?', 'a', 'c', '-', '1'), minLength: 1, maxLength: 200 }), {
    minLength: 1,
    maxLength: 150,
  })
  .map((patterns) => ({
    label: `${patterns.length} patterns`,
    doc: patternProfile(patterns),
    query: '&library_key=nist-sp-800-53-r5',
  }));

const DEFECTS: Record<string, (i: number) => Record<string, unknown>> = {
  'unknown property': (i) => ({ id: `c-${i}`, title: 'T', bogus: i }),
  'title not a string': (i) => ({ id: `c-${i}`, title: i }),
  'id not a token': (i) => ({ id: `${i} not a token`, title: 'T' }),
  'no title': (i) => ({ id: `c-${i}` }),
  'prop without name': (i) => ({ id: `c-${i}`, title: 'T', props: [{ value: 'v' }] }),
};

/** Catalogs of up to 20,000 controls, each with one of several schema errors. */
export const manyErrors: fc.Arbitrary<OscalCase> = fc
  .record({
    count: fc.integer({ min: 1, max: 20_000 }),
    defects: fc.subarray(Object.keys(DEFECTS), { minLength: 1 }),
  })
  .map(({ count, defects }) => ({
    label: `${count} controls with ${defects.join(', ')}`,
    doc: catalogOf(Array.from({ length: count }, (_, i) => DEFECTS[defects[i % defects.length]!]!(i))),
    query: '',
  }));

/** Every generator by name. */
export const OSCAL_GENERATORS: Record<string, fc.Arbitrary<OscalCase>> = {
  'deep nesting': deepNesting,
  'insertion graphs and cycles': insertionGraphs,
  'huge id lists': hugeIdLists,
  'matching patterns': patternLists,
  'many schema errors': manyErrors,
};
