import type { Framework, GetAuditReadinessOutput, ListFrameworkControlsOutput } from '@comply/schemas';

/** A framework as getFramework returns it, with its families and their coverage. */
export type FrameworkDetail = Framework;

/** A page of listFrameworkControls, as the console's controls route returns it (the tool's output). */
export type ControlsPage = ListFrameworkControlsOutput;

/** One entry of the built-in library, as `/library` lists it (the OSCAL package's LibraryEntry). */
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
