import type { SoaApplicability, SoaControl, SoaVersion } from '@comply/schemas';
import type { ReadinessState } from '../reports/control-readiness.js';

export type { SoaApplicability, SoaControl, SoaVersion };

/** getStatementOfApplicability's filters. */
export interface SoaFilters {
  applicability?: readonly SoaApplicability[];
  status?: readonly ReadinessState[];
}

/** One control's decision as updateControlApplicability takes it. */
export interface SoaControlChange {
  code: string;
  applicable: boolean;
  /** Omitted: kept; null: cleared. */
  justification?: string | null;
  /** Omitted: kept; null: cleared. */
  owner?: string | null;
}

/** One page of a Statement of Applicability, current or an approved version. */
export interface SoaPage {
  framework_id: string;
  version: number | null;
  approved: SoaVersion | null;
  versions: SoaVersion[];
  updated_at: string | null;
  control_count: number;
  applicability_counts: Record<SoaApplicability, number>;
  controls: SoaControl[];
  next_cursor: string | null;
  total_count: number;
}
