import type { ControlRelationship, FrameworkSource } from '../../enums.js';

/** A control parameter as an OSCAL catalog defines it (stored as JSON). */
export interface ControlParameter {
  id: string;
  label: string | null;
  values: string[];
  select: { how_many: 'one' | 'one-or-more' | null; choices: string[] } | null;
  guidelines: string | null;
}

/** One family of a framework with its coverage. */
export interface FrameworkFamily {
  family: string | null;
  control_count: number;
  covered_control_count: number;
}

/** A framework in list results: counts and provenance, never its controls. */
export interface FrameworkSummary {
  id: string;
  organization_id: string;
  name: string;
  version: string | null;
  description: string | null;
  source: FrameworkSource;
  library_key: string | null;
  baseline: string | null;
  oscal_uuid: string | null;
  control_count: number;
  covered_control_count: number;
  created_at: string;
  updated_at: string;
}

/** A framework (get, add, update): the summary plus its families; controls via listControls. */
export interface Framework extends FrameworkSummary {
  families: FrameworkFamily[];
  /** Families left out of `families` (it holds at most FAMILY_LIMIT). */
  families_omitted: number;
}

/** A control as written: codes are unique within a framework; the rest comes from catalogs. */
export interface FrameworkControlInput {
  code: string;
  title: string;
  description?: string | null;
  family?: string | null;
  family_id?: string | null;
  oscal_id?: string | null;
  parent_code?: string | null;
  statement?: string | null;
  guidance?: string | null;
  parameters?: ControlParameter[];
  baselines?: string[];
}

/** addFramework's data (and an import's): `controls` in document order. */
export interface FrameworkCreate {
  name: string;
  version?: string | null;
  description?: string | null;
  controls?: FrameworkControlInput[];
  source?: FrameworkSource;
  library_key?: string | null;
  baseline?: string | null;
  oscal_uuid?: string | null;
}

/** updateFramework's patch; `controls` upserts by code and never removes. */
export type FrameworkPatch = Partial<Pick<FrameworkCreate, 'name' | 'version' | 'description' | 'controls'>>;

/** listFrameworks filters. */
export interface FrameworkFilters {
  query?: string;
}

/** listFrameworks order_by fields. */
export type FrameworkOrderField = 'name' | 'created_at' | 'updated_at';

/** A control of another framework that covers this one through a crosswalk. */
export interface ControlViaMapping {
  framework_id: string;
  control_code: string;
  /** This control's relationship to the other one. */
  relationship: ControlRelationship;
  mapping_title: string;
}

/** A control as listControls returns it. */
export interface FrameworkControl {
  code: string;
  title: string;
  family: string | null;
  position: number;
  parent_code: string | null;
  baselines: string[];
  /** The first STATEMENT_LIMIT characters of the statement; the export has it whole. */
  statement: string | null;
  statement_truncated: boolean;
  covered: boolean;
  covered_via_mapping: ControlViaMapping[];
  measure_ids: string[];
}

/** listControls filters. */
export interface ControlFilters {
  family?: string | undefined;
  baseline?: string | undefined;
  covered?: boolean | undefined;
  query?: string | undefined;
}

/** A control with every stored field, as exports read it. */
export interface StoredControl {
  code: string;
  oscal_id: string | null;
  title: string;
  description: string | null;
  family: string | null;
  family_id: string | null;
  parent_code: string | null;
  statement: string | null;
  guidance: string | null;
  parameters: ControlParameter[];
  baselines: string[];
  position: number;
}

/** A crosswalk row as written by a mapping import. */
export interface MappingInput {
  source_control_code: string;
  target_control_code: string;
  relationship: ControlRelationship;
}

/** A stored crosswalk row. */
export interface FrameworkMapping extends MappingInput {
  id: string;
  source_framework_id: string;
  target_framework_id: string;
  collection_title: string;
  collection_uuid: string | null;
  imported_at: string;
}
