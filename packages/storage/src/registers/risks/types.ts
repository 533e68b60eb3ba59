import type { MitigationStatus, RiskStatus, RiskTreatment } from '../../enums.js';

/** A risk as the tools return it. */
export interface Risk {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  category: string | null;
  owner: string | null;
  status: RiskStatus;
  treatment: RiskTreatment | null;
  inherent_likelihood: number;
  inherent_impact: number;
  inherent_score: number;
  residual_likelihood: number;
  residual_impact: number;
  residual_score: number;
  measure_ids: string[];
  mitigation: { status: MitigationStatus; measures_total: number; measures_implemented: number };
  review_date: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
}

/** addRisk's data. Residual values default to the inherent ones. */
export interface RiskCreate {
  name: string;
  description?: string | null;
  category?: string | null;
  owner?: string | null;
  status?: RiskStatus;
  treatment?: RiskTreatment | null;
  inherent_likelihood: number;
  inherent_impact: number;
  residual_likelihood?: number;
  residual_impact?: number;
  measure_ids?: string[];
  review_date?: string | null;
  note?: string | null;
}

/** updateRisk's patch: absent keys stay, null clears, measure_ids replaces the set. */
export interface RiskPatch {
  name?: string;
  description?: string | null;
  category?: string | null;
  owner?: string | null;
  status?: RiskStatus;
  treatment?: RiskTreatment | null;
  inherent_likelihood?: number;
  inherent_impact?: number;
  residual_likelihood?: number;
  residual_impact?: number;
  measure_ids?: string[];
  review_date?: string | null;
  note?: string | null;
}

/** listRisks filters (docs/data-model.md). */
export interface RiskFilters {
  status?: RiskStatus[];
  treatment?: RiskTreatment[];
  mitigation_status?: MitigationStatus[];
  category?: string;
  owner?: string;
  query?: string;
  min_residual_score?: number;
  max_residual_score?: number;
  min_inherent_score?: number;
  max_inherent_score?: number;
  has_mitigation?: boolean;
  measure_id?: string;
  review_before?: string;
}

/** listRisks order_by fields. */
export type RiskOrderField =
  | 'residual_score'
  | 'inherent_score'
  | 'name'
  | 'created_at'
  | 'updated_at'
  | 'review_date';
