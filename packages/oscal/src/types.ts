/** The OSCAL document models, named by their top-level key. */
export type OscalModel =
  | 'catalog'
  | 'profile'
  | 'mapping-collection'
  | 'system-security-plan'
  | 'assessment-results'
  | 'plan-of-action-and-milestones'
  | 'component-definition'
  | 'assessment-plan';

/** One schema violation: a JSON pointer into the document and what is wrong there. */
export interface OscalIssue {
  pointer: string;
  message: string;
}

/** A control parameter (OSCAL `param`), insertions in its choices already rendered as text. */
export interface ControlParameter {
  id: string;
  label: string | null;
  values: string[];
  select: { how_many: 'one' | 'one-or-more' | null; choices: string[] } | null;
  guidelines: string | null;
  /** OSCAL `constraints`: a description and test expressions each (present only when there are some). */
  constraints?: ParameterConstraint[];
}

/** One constraint on a parameter's value, as OSCAL states it. */
export interface ParameterConstraint {
  description: string | null;
  tests: string[];
}

/** One control of a catalog, flattened: nested controls (enhancements) point to their parent by code. */
export interface CatalogControl {
  code: string;
  oscal_id: string;
  title: string;
  family: string | null;
  family_id: string | null;
  parent_code: string | null;
  statement: string | null;
  guidance: string | null;
  parameters: ControlParameter[];
  baselines: string[];
  position: number;
}

/** A catalog as Comply stores it: families and controls in document order. */
export interface ImportedCatalog {
  title: string;
  version: string | null;
  description: string | null;
  oscal_uuid: string;
  families: { id: string; title: string }[];
  controls: CatalogControl[];
}

/** The relationships of OSCAL mapping entries that Comply understands. */
export type MappingRelationship = 'equivalent-to' | 'subset-of' | 'superset-of' | 'intersects-with';

/** One map entry of a mapping-collection, with the resources of its mapping. */
export interface ImportedMapping {
  source_resource: { href: string; title: string | null };
  target_resource: { href: string; title: string | null };
  relationship: MappingRelationship;
  source_ids: string[];
  target_ids: string[];
  remarks: string | null;
}

/** A mapping-collection's maps, one entry per OSCAL `map`. */
export interface ImportedMappingCollection {
  title: string;
  oscal_uuid: string;
  version: string | null;
  mappings: ImportedMapping[];
}

/** The public facts of a built-in library entry, as library/library.json states them. */
export interface LibraryFacts {
  key: string;
  title: string;
  publisher: string;
  version: string;
  licence: string;
  source: string;
  /** What the entry holds and leaves out, and where to get more (e.g. the full NIST catalog). */
  description: string;
}

/** One entry of the built-in library. */
export interface LibraryEntry extends LibraryFacts {
  baselines: string[];
  control_count: number;
}
