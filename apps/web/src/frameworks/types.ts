import type { GetAuditReadinessOutput, ListFrameworkControlsOutput } from '@comply/schemas';
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

/** getAuditReadiness's reply, as the console's readiness route returns it (the tool's output). */
export type Readiness = GetAuditReadinessOutput;

/** Covered controls as a percentage with one decimal; 0 without controls. */
export function coveragePercent(f: { control_count: number; covered_control_count: number }): number {
  return f.control_count === 0 ? 0 : Math.round((f.covered_control_count / f.control_count) * 1000) / 10;
}
