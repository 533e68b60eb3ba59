import type { ControlRelationship, FrameworkSource } from '../../enums.js';
import type { ListFilters, OrderField } from '../spec-types.js';

export type {
  ControlViaMapping,
  Framework,
  FrameworkControl,
  FrameworkFamily,
  FrameworkSummary,
} from '@comply/schemas';

/** A control parameter as an OSCAL catalog defines it (stored as JSON). */
export interface ControlParameter {
  id: string;
  label: string | null;
  values: string[];
  select: { how_many: 'one' | 'one-or-more' | null; choices: string[] } | null;
  guidelines: string | null;
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

/** What storage creates, for addFramework and for catalog imports (name resolved by then). */
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
export type FrameworkFilters = ListFilters<'listFrameworks'>;

/** listFrameworks order_by fields. */
export type FrameworkOrderField = OrderField<'listFrameworks'>;

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
