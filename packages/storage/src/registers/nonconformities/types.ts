import type { NcSeverity, NcStatus } from '../../enums.js';

/** A nonconformity as the tools return it. */
export interface Nonconformity {
  id: string;
  organization_id: string;
  reference: string;
  title: string;
  description: string | null;
  severity: NcSeverity;
  status: NcStatus;
  audit_id: string | null;
  measure_id: string | null;
  date_identified: string;
  root_cause: string | null;
  corrective_action: string | null;
  owner: string | null;
  due_date: string | null;
  closed_at: string | null;
  overdue: boolean;
  created_at: string;
  updated_at: string;
}

/** addNonconformity's data; `reference` is generated (`NC-<year>-<NNN>`) when omitted. */
export interface NonconformityCreate {
  reference?: string;
  title: string;
  description?: string | null;
  severity: NcSeverity;
  status?: NcStatus;
  audit_id?: string | null;
  measure_id?: string | null;
  date_identified?: string;
  root_cause?: string | null;
  corrective_action?: string | null;
  owner?: string | null;
  due_date?: string | null;
}

/** updateNonconformity's patch; closed_at follows status. */
export type NonconformityPatch = Partial<NonconformityCreate>;

/** listNonconformities filters. */
export interface NonconformityFilters {
  status?: NcStatus[];
  severity?: NcSeverity[];
  /** status ≠ CLOSED. */
  open?: boolean;
  overdue?: boolean;
  audit_id?: string;
  measure_id?: string;
  owner?: string;
  query?: string;
  due_before?: string;
  identified_after?: string;
  identified_before?: string;
}

/** listNonconformities order_by fields. */
export type NonconformityOrderField =
  | 'date_identified'
  | 'due_date'
  | 'reference'
  | 'created_at'
  | 'updated_at';
