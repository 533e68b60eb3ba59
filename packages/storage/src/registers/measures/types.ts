import type { MeasureState } from '../../enums.js';

/** One piece of evidence; evidence is append-only. */
export interface Evidence {
  id: string;
  title: string;
  url: string | null;
  collected_at: string;
}

/** Evidence as written; collected_at defaults to now. */
export interface EvidenceInput {
  title: string;
  url?: string | null;
  collected_at?: string;
}

/** A framework control a measure satisfies. */
export interface ControlRef {
  framework_id: string;
  control_code: string;
}

/** A measure (control) as the tools return it. */
export interface Measure {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  category: string | null;
  owner: string | null;
  state: MeasureState;
  evidence: Evidence[];
  controls: ControlRef[];
  risk_ids: string[];
  created_at: string;
  updated_at: string;
}

/** addMeasure's data. */
export interface MeasureCreate {
  name: string;
  description?: string | null;
  category?: string | null;
  owner?: string | null;
  state?: MeasureState;
  evidence?: EvidenceInput[];
  controls?: ControlRef[];
  risk_ids?: string[];
}

/** updateMeasure's patch: add_evidence appends; controls and risk_ids replace their sets. */
export interface MeasurePatch {
  name?: string;
  description?: string | null;
  category?: string | null;
  owner?: string | null;
  state?: MeasureState;
  add_evidence?: EvidenceInput[];
  controls?: ControlRef[];
  risk_ids?: string[];
}

/** listMeasures filters. */
export interface MeasureFilters {
  state?: MeasureState[];
  category?: string;
  owner?: string;
  query?: string;
  framework_id?: string;
  /** Only together with framework_id. */
  control_code?: string;
  risk_id?: string;
  has_evidence?: boolean;
}

/** listMeasures order_by fields. */
export type MeasureOrderField = 'name' | 'state' | 'created_at' | 'updated_at';
