import type { MeasureState } from '../enums.js';

/** A control's readiness state (docs/data-model.md, "Audit readiness"). */
export type ReadinessState = 'READY' | 'GAP' | 'EXCLUDED';

/** Why a control is a GAP, in the order they are reported. */
export const GAP_REASONS = [
  'NO_MEASURE',
  'NOT_IMPLEMENTED',
  'UNJUSTIFIED_NOT_APPLICABLE',
  'NO_EVIDENCE',
  'EVIDENCE_EXPIRED',
  'OPEN_NONCONFORMITY',
] as const;

/** One of GAP_REASONS. */
export type GapReason = (typeof GAP_REASONS)[number];

/** What readiness needs to know of a measure linked to a control. */
export interface ReadinessMeasure {
  id: string;
  name: string;
  state: MeasureState;
  /** applicability_justification, blank counted as none. */
  justification: string | null;
  /** NONE: no evidence; CURRENT: at least one piece not expired; EXPIRED: every piece expired. */
  evidence: 'NONE' | 'CURRENT' | 'EXPIRED';
  /** An open (not CLOSED) MAJOR or MINOR nonconformity names this measure. */
  open_nonconformity: boolean;
}

/** A NOT_APPLICABLE measure's justification for excluding a control. */
export interface Exclusion {
  measure_id: string;
  measure_name: string;
  justification: string;
}

/** One control's readiness: its state, the reasons of a GAP, the justifications of an EXCLUDED. */
export interface Readiness {
  state: ReadinessState;
  gap_reasons: GapReason[];
  exclusions: Exclusion[];
  /** The Statement of Applicability's justification when it excludes the control. */
  soa_justification?: string;
}

/** A control's decision in the Statement of Applicability, when it has one. */
export interface SoaDecision {
  applicable: boolean;
  justification: string | null;
}

/** A NOT_APPLICABLE measure with a justification: it takes its controls out of scope. */
export function isJustifiedExclusion(m: Pick<ReadinessMeasure, 'state' | 'justification'>): boolean {
  return m.state === 'NOT_APPLICABLE' && m.justification !== null && m.justification.trim() !== '';
}

/**
 * THE definition of a control's audit readiness, from the measures linked to it; every reader
 * (getAuditReadiness, listFrameworkControls and the console, the OSCAL assessment results) gets
 * its states from here through readinessRows. docs/data-model.md states it in words:
 * - no measure: GAP NO_MEASURE;
 * - the measures that are not justified exclusions ("in scope") need one IMPLEMENTED measure:
 *   without one, GAP NOT_IMPLEMENTED when one is NOT_STARTED or IN_PROGRESS, and
 *   UNJUSTIFIED_NOT_APPLICABLE when one is NOT_APPLICABLE without a justification;
 * - every IMPLEMENTED measure needs current evidence: NO_EVIDENCE, EVIDENCE_EXPIRED;
 * - an open MAJOR or MINOR nonconformity on any of its measures: OPEN_NONCONFORMITY;
 * - no reason and no measure in scope (all NOT_APPLICABLE with a justification): EXCLUDED;
 * - no reason otherwise: READY.
 * The Statement of Applicability's decision, when there is one, comes first: a control it excludes
 * is EXCLUDED whatever its measures; a control it declares applicable is never EXCLUDED by its
 * measures (all of them justified NOT_APPLICABLE: GAP NOT_IMPLEMENTED).
 */
export function controlReadiness(linked: readonly ReadinessMeasure[], decision?: SoaDecision): Readiness {
  if (decision && !decision.applicable) {
    return {
      state: 'EXCLUDED',
      gap_reasons: [],
      exclusions: [],
      soa_justification: (decision.justification ?? '').trim(),
    };
  }
  if (linked.length === 0) return { state: 'GAP', gap_reasons: ['NO_MEASURE'], exclusions: [] };
  const inScope = linked.filter((m) => !isJustifiedExclusion(m));
  const implemented = inScope.filter((m) => m.state === 'IMPLEMENTED');
  const reasons = new Set<GapReason>();
  if (inScope.length > 0 && implemented.length === 0) {
    if (inScope.some((m) => m.state !== 'NOT_APPLICABLE')) reasons.add('NOT_IMPLEMENTED');
    if (inScope.some((m) => m.state === 'NOT_APPLICABLE')) reasons.add('UNJUSTIFIED_NOT_APPLICABLE');
  }
  if (implemented.some((m) => m.evidence === 'NONE')) reasons.add('NO_EVIDENCE');
  if (implemented.some((m) => m.evidence === 'EXPIRED')) reasons.add('EVIDENCE_EXPIRED');
  if (linked.some((m) => m.open_nonconformity)) reasons.add('OPEN_NONCONFORMITY');
  if (decision?.applicable && inScope.length === 0) reasons.add('NOT_IMPLEMENTED');
  if (reasons.size > 0) {
    return { state: 'GAP', gap_reasons: GAP_REASONS.filter((r) => reasons.has(r)), exclusions: [] };
  }
  if (inScope.length === 0) {
    return {
      state: 'EXCLUDED',
      gap_reasons: [],
      exclusions: linked.map((m) => ({
        measure_id: m.id,
        measure_name: m.name,
        justification: (m.justification ?? '').trim(),
      })),
    };
  }
  return { state: 'READY', gap_reasons: [], exclusions: [] };
}
