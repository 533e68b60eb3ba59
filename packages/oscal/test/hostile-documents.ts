// Small documents that made the import do unbounded work before IMPORT_LIMITS (issue 24, items
// 1–3), built here rather than committed. Shared by this package's tests and the server's
// liveness and fuzzing tests (apps/server/test).

const METADATA = {
  title: 'Hostile',
  'last-modified': '2026-01-01T00:00:00Z',
  version: '1',
  'oscal-version': '1.2.1',
};

/** UUID number `n` (version 4 shape), so generated documents stay valid. */
export function uuidOf(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** A catalog with these controls at its top level. */
export function catalogOf(controls: unknown[], groups?: unknown[]): Record<string, unknown> {
  return {
    catalog: {
      uuid: uuidOf(1),
      metadata: METADATA,
      ...(controls.length > 0 && { controls }),
      ...(groups && { groups }),
    },
  };
}

const insert = (id: string) => `{{ insert: param, ${id} }}`;

/**
 * Item 1 as reported: a parameter whose every choice inserts itself `k` times, inserted by each
 * control's statement. Before the fix it rendered to about 24·k⁴ characters per insertion, with
 * nothing remembered (k = 40: tens of seconds and gigabytes from ~2 KB).
 */
export function selfInsertingCatalog({ k, controls = 4 }: { k: number; controls?: number }) {
  const choice = insert('p').repeat(k);
  return catalogOf(
    Array.from({ length: controls }, (_, i) => ({
      id: `c-${i}`,
      title: `Control ${i}`,
      ...(i === 0 && { params: [{ id: 'p', select: { choice: [choice, choice] } }] }),
      parts: [{ id: `c-${i}_smt`, name: 'statement', prose: `Do ${insert('p')}.` }],
    })),
  );
}

/**
 * Item 1 without a cycle: `p0` inserts `p1` `k` times, `p1` inserts `p2` `k` times… Rendered once
 * each, the text still grows as k^depth: only a size limit stops it.
 */
export function chainedInsertionCatalog({ k, depth }: { k: number; depth: number }) {
  const params = Array.from({ length: depth }, (_, i) => ({
    id: `p${i}`,
    ...(i === depth - 1 ? { values: ['x'] } : { select: { choice: [insert(`p${i + 1}`).repeat(k)] } }),
  }));
  return catalogOf([
    {
      id: 'c-1',
      title: 'Chained',
      params,
      parts: [{ id: 'c-1_smt', name: 'statement', prose: `Do ${insert('p0')}.` }],
    },
  ]);
}

/** Item 2: `count` controls, each with one property the schema does not allow. */
export function unknownPropertyCatalog(count: number) {
  return catalogOf([
    { id: 'c-0', title: 'Control' },
    ...Array.from({ length: count }, (_, i) => ({ id: `c-${i + 1}`, title: 'Control', bogus: i })),
  ]);
}

/** A mapping-collection with one map of `sources` × `targets` control ids (`s-0`…, `t-0`… by default). */
export function crossProductCollection({
  sources,
  targets,
  prefixes = ['s', 't'],
}: {
  sources: number;
  targets: number;
  prefixes?: [string, string];
}) {
  const items = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ type: 'control', 'id-ref': `${prefix}-${i}` }));
  return {
    'mapping-collection': {
      uuid: uuidOf(2),
      metadata: METADATA,
      provenance: {
        method: 'human',
        'matching-rationale': 'semantic',
        status: 'complete',
        'mapping-description': 'Every source against every target.',
      },
      mappings: [
        {
          uuid: uuidOf(3),
          'source-resource': { type: 'catalog', href: '#source' },
          'target-resource': { type: 'catalog', href: '#target' },
          maps: [
            {
              uuid: uuidOf(4),
              relationship: 'intersects-with',
              sources: items(prefixes[0], sources),
              targets: items(prefixes[1], targets),
            },
          ],
        },
      ],
    },
  };
}

/** A profile selecting with these `matching` patterns (resolved against the library's SP 800-53). */
export function patternProfile(patterns: string[]) {
  return {
    profile: {
      uuid: uuidOf(5),
      metadata: METADATA,
      imports: [
        {
          href: 'https://example.org/NIST_SP-800-53_rev5_catalog.json',
          'include-controls': [{ matching: patterns.map((pattern) => ({ pattern })) }],
        },
      ],
    },
  };
}

/** A valid catalog of `count` controls, each with a statement of about `prose` characters. */
export function largeCatalog({ count, prose }: { count: number; prose: number }) {
  const text = 'The organization reviews the control. '.repeat(Math.ceil(prose / 38)).slice(0, prose);
  return catalogOf(
    [],
    [
      {
        id: 'g',
        title: 'Group',
        controls: Array.from({ length: count }, (_, i) => ({
          id: `c-${i}`,
          title: `Control ${i}`,
          parts: [{ id: `c-${i}_smt`, name: 'statement', prose: text }],
        })),
      },
    ],
  );
}
