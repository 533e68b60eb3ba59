/** A framework control as getFramework returns it. */
export interface FrameworkControl {
  code: string;
  title: string;
  description: string | null;
  measure_ids: string[];
}

/** A framework in list results (without controls). */
export interface FrameworkSummary {
  id: string;
  organization_id: string;
  name: string;
  version: string | null;
  description: string | null;
  control_count: number;
  covered_control_count: number;
  created_at: string;
  updated_at: string;
}

/** A framework with its controls (get, add, update). */
export interface Framework extends FrameworkSummary {
  controls: FrameworkControl[];
}

/** A control as written: codes are unique within a framework. */
export interface FrameworkControlInput {
  code: string;
  title: string;
  description?: string | null;
}

/** addFramework's data. */
export interface FrameworkCreate {
  name: string;
  version?: string | null;
  description?: string | null;
  controls?: FrameworkControlInput[];
}

/** updateFramework's patch; `controls` upserts by code and never removes. */
export type FrameworkPatch = Partial<FrameworkCreate>;

/** listFrameworks filters. */
export interface FrameworkFilters {
  query?: string;
}

/** listFrameworks order_by fields. */
export type FrameworkOrderField = 'name' | 'created_at' | 'updated_at';
