import { humanize } from '../format.js';
import './records.css';

const TONES: Record<string, string> = {
  CRITICAL: 'danger',
  HIGH: 'danger',
  MAJOR: 'danger',
  RESTRICTED: 'danger',
  NON_COMPLIANT: 'danger',
  UNMITIGATED: 'danger',
  OPEN: 'warn',
  MEDIUM: 'warn',
  MINOR: 'warn',
  IN_TREATMENT: 'warn',
  IN_PROGRESS: 'warn',
  PARTIALLY_COMPLIANT: 'warn',
  PARTIALLY_MITIGATED: 'warn',
  CONFIDENTIAL: 'warn',
  NOT_STARTED: 'warn',
  PLANNED: 'info',
  LOW: 'ok',
  CLOSED: 'ok',
  ACCEPTED: 'ok',
  IMPLEMENTED: 'ok',
  COMPLIANT: 'ok',
  COMPLETED: 'ok',
  MITIGATED: 'ok',
  ACTIVE: 'ok',
  PUBLIC: 'ok',
};

/** Columns whose values are shown as chips. */
export const CHIP_COLUMNS = new Set(['status', 'state', 'severity', 'risk_tier', 'classification']);

/**
 * A status, severity or tier as text in a coloured chip: the colour only repeats what the text says.
 * `label` replaces the humanized value where the same value means something else elsewhere.
 */
export function Chip({ value, label }: { value: string; label?: string }) {
  return <span className={`chip tone-${TONES[value] ?? 'plain'}`}>{label ?? humanize(value)}</span>;
}
