import type { ListFrameworkControlsOutput } from '@comply/schemas';
/** Shapes of the framework pages' replies (listFrameworks, getFramework, listFrameworkControls, readiness). */
export interface FrameworkSummary {
  id: string;
  name: string;
  version: string | null;
  source: string;
  library_key: string | null;
  baseline: string | null;
  control_count: number;
  covered_control_count: number;
}

export interface FrameworkFamily {
  family: string | null;
  control_count: number;
  covered_control_count: number;
}

export interface FrameworkDetail extends FrameworkSummary {
  description: string | null;
  families: FrameworkFamily[];
  families_omitted: number;
}

/** A page of listFrameworkControls, as the console's controls route returns it (the tool's output). */
export type ControlsPage = ListFrameworkControlsOutput;

export interface LibraryEntry {
  key: string;
  title: string;
  publisher: string;
  version: string;
  licence: string;
  source: string;
  description: string;
  baselines: string[];
  control_count: number;
}

interface Capped<T> {
  count: number;
  items: T[];
  omitted: number;
}

export interface Readiness {
  framework: { id: string; name: string; version: string | null };
  readiness_percent: number;
  control_count: number;
  status_counts: Record<'READY' | 'NO_EVIDENCE' | 'NOT_IMPLEMENTED' | 'NO_MEASURE', number>;
  covered_via_mapping_count: number;
  families: Capped<{
    family: string | null;
    control_count: number;
    ready_count: number;
    no_measure_count: number;
    readiness_percent: number;
  }>;
  gaps: {
    controls_without_measures: Capped<{
      code: string;
      title: string;
      family: string | null;
      covered_via_mapping: boolean;
    }>;
    measures_not_implemented: Capped<{ id: string; name: string; state: string; control_codes: string[] }>;
    implemented_without_evidence: Capped<{ id: string; name: string; control_codes: string[] }>;
    open_nonconformities: Capped<{ id: string; reference: string; title: string; severity: string }>;
  };
}

/** Covered controls as a percentage with one decimal; 0 without controls. */
export function coveragePercent(f: { control_count: number; covered_control_count: number }): number {
  return f.control_count === 0 ? 0 : Math.round((f.covered_control_count / f.control_count) * 1000) / 10;
}
