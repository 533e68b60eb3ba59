import { OscalImportError } from '../errors.js';
import { IMPORT_LIMITS } from '../limits.js';
import { isObject } from '../model.js';
import type { CatalogControl, ImportedCatalog } from '../types.js';
import { expectModel } from './expect.js';
import { applyMerge, applyModify } from './modify.js';
import { byUuid, objects, text } from './props.js';

type Json = Record<string, unknown>;

/** Which catalogs a profile imports (hrefs, with back-matter resource title/rlinks when the href is "#uuid"). */
export function profileImports(doc: unknown): { href: string; title: string | null; rlinks: string[] }[] {
  const profile = expectModel({ doc, model: 'profile' });
  const resources = byUuid(
    objects(isObject(profile['back-matter']) ? profile['back-matter'].resources : undefined),
  );
  return objects(profile.imports).map((entry) => {
    const href = String(entry.href);
    const resource = href.startsWith('#') ? resources.get(href.slice(1)) : undefined;
    return {
      href,
      title: resource ? text(resource.title) : null,
      rlinks: objects(resource?.rlinks).map((link) => String(link.href)),
    };
  });
}

/**
 * OSCAL `matching` patterns are globs over control ids: `*` any run of characters, `?` one character.
 * Matched without regular expressions: one backtrack point, so no pattern can take exponential time.
 */
export function globMatches({
  pattern,
  text,
  budget,
}: {
  pattern: string;
  text: string;
  /** Comparisons left to the caller; throws once they are spent. */
  budget?: { steps: number; pointer: string };
}): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (budget && --budget.steps < 0) {
      throw new OscalImportError(
        `the profile's matching patterns take more than ${IMPORT_LIMITS.matchingSteps} comparisons against the catalog's control ids; select with fewer or simpler patterns, or with-ids`,
        budget.pointer,
      );
    }
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === text[t])) {
      p += 1;
      t += 1;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p;
      resume = t;
      p += 1;
    } else if (star >= 0) {
      p = star + 1;
      resume += 1;
      t = resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p += 1;
  return p === pattern.length;
}

/** The controls a selector (include-controls / exclude-controls item) picks, by OSCAL id. */
function selectorIds(args: {
  selector: Json;
  catalog: ImportedCatalog;
  budget: { steps: number; pointer: string };
}): Set<string> {
  const { selector, catalog, budget } = args;
  const ids = new Set((Array.isArray(selector['with-ids']) ? selector['with-ids'] : []).map(String));
  const patterns = objects(selector.matching).map((match) => String(match.pattern));
  const picked = new Set<string>();
  for (const control of catalog.controls) {
    if (
      ids.has(control.oscal_id) ||
      patterns.some((pattern) => globMatches({ pattern, text: control.oscal_id, budget }))
    ) {
      picked.add(control.oscal_id);
    }
  }
  const missing = [...ids].filter((id) => !picked.has(id));
  if (missing.length > 0) {
    const shown =
      missing.slice(0, 5).join(', ') + (missing.length > 5 ? `, … (${missing.length} in all)` : '');
    throw new OscalImportError(
      `the profile selects controls the catalog "${catalog.title}" does not have: ${shown}; resolve it against the catalog it imports`,
    );
  }
  if (selector['with-child-controls'] === 'yes') addDescendants({ picked, controls: catalog.controls });
  return picked;
}

function addDescendants({ picked, controls }: { picked: Set<string>; controls: CatalogControl[] }) {
  const codesPicked = new Set(controls.filter((c) => picked.has(c.oscal_id)).map((c) => c.code));
  // Controls are in document order, so a child always comes after its parent.
  for (const control of controls) {
    if (control.parent_code !== null && codesPicked.has(control.parent_code)) {
      picked.add(control.oscal_id);
      codesPicked.add(control.code);
    }
  }
}

/** Refuses more `matching` patterns than IMPORT_LIMITS.patterns, or one longer than patternLength. */
function checkPatterns(imports: Json[]): void {
  let count = 0;
  imports.forEach((entry, i) => {
    for (const side of ['include-controls', 'exclude-controls'] as const) {
      objects(entry[side]).forEach((selector, j) => {
        objects(selector.matching).forEach((match, k) => {
          const pointer = `/profile/imports/${i}/${side}/${j}/matching/${k}/pattern`;
          count += 1;
          if (count > IMPORT_LIMITS.patterns)
            throw new OscalImportError(
              `the profile has more than ${IMPORT_LIMITS.patterns} matching patterns`,
              pointer,
            );
          if (String(match.pattern).length > IMPORT_LIMITS.patternLength)
            throw new OscalImportError(
              `a matching pattern may be at most ${IMPORT_LIMITS.patternLength} characters long`,
              pointer,
            );
        });
      });
    }
  });
}

/** The OSCAL ids a profile selects from a catalog: each import's includes minus its excludes, united. */
export function profileSelection({
  profile,
  catalog,
}: {
  profile: unknown;
  catalog: ImportedCatalog;
}): Set<string> {
  const body = expectModel({ doc: profile, model: 'profile' });
  const imports = objects(body.imports);
  if (imports.length === 0) throw new OscalImportError('the profile imports nothing', '/profile/imports');
  checkPatterns(imports);
  const budget = { steps: IMPORT_LIMITS.matchingSteps, pointer: '/profile/imports' };
  const selected = new Set<string>();
  for (const entry of imports) {
    const included = new Set<string>();
    if (entry['include-all'] !== undefined)
      for (const control of catalog.controls) included.add(control.oscal_id);
    for (const selector of objects(entry['include-controls'])) {
      for (const id of selectorIds({ selector, catalog, budget })) included.add(id);
    }
    for (const selector of objects(entry['exclude-controls'])) {
      for (const id of selectorIds({ selector, catalog, budget })) included.delete(id);
    }
    for (const id of included) selected.add(id);
  }
  return selected;
}

/** Keeps the controls whose OSCAL id is in `ids`, renumbering positions and dropping empty families. */
export function selectControls({
  catalog,
  ids,
}: {
  catalog: ImportedCatalog;
  ids: Set<string>;
}): ImportedCatalog {
  const controls = catalog.controls
    .filter((control) => ids.has(control.oscal_id))
    .map((control, position) => ({ ...control, position }));
  const familyIds = new Set(controls.map((control) => control.family_id));
  return { ...catalog, families: catalog.families.filter((family) => familyIds.has(family.id)), controls };
}

/**
 * Resolves a profile against the catalog it imports: the selection, then `modify` (set-parameters,
 * alters), then `merge` (as-is, flat); title, version, description and uuid from the profile.
 */
export function resolveProfile({
  profile,
  catalog,
}: {
  profile: unknown;
  catalog: ImportedCatalog;
}): ImportedCatalog {
  const body = expectModel({ doc: profile, model: 'profile' });
  const metadata = isObject(body.metadata) ? body.metadata : {};
  if (typeof metadata.title !== 'string') {
    throw new OscalImportError('the profile needs `metadata.title`', '/profile/metadata/title');
  }
  const selected = selectControls({ catalog, ids: profileSelection({ profile, catalog }) });
  if (selected.controls.length === 0)
    throw new OscalImportError('the profile selects no controls', '/profile/imports');
  if (selected.controls.length > IMPORT_LIMITS.controls)
    throw new OscalImportError(
      `the profile selects more than ${IMPORT_LIMITS.controls} controls`,
      '/profile/imports',
    );
  const modified = isObject(body.modify) ? applyModify({ catalog: selected, modify: body.modify }) : selected;
  const resolved = applyMerge({ catalog: modified, merge: isObject(body.merge) ? body.merge : undefined });
  return {
    ...resolved,
    title: metadata.title,
    version: text(metadata.version),
    description: text(metadata.remarks),
    oscal_uuid: String(body.uuid),
  };
}
