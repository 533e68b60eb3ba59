import { auditPreparation } from './audit-preparation.js';
import { controlGapAnalysis } from './control-gaps.js';
import type { PromptDefinition } from './prompt.js';
import { riskAssessment } from './risk-assessment.js';
import { statementOfApplicability } from './statement-of-applicability.js';
import { vendorReview } from './vendor-review.js';

/** The prompts for the workflows Comply exists for, in the order prompts/list shows them. */
export const PROMPTS: readonly PromptDefinition[] = [
  riskAssessment,
  vendorReview,
  controlGapAnalysis,
  auditPreparation,
  statementOfApplicability,
];

/** The prompt called `name`, or undefined. */
export function promptNamed(name: string): PromptDefinition | undefined {
  return PROMPTS.find((p) => p.name === name);
}
