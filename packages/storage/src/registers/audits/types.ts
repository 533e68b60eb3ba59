import type { AuditKind, AuditState } from '../../enums.js';

/** An audit as the tools return it. */
export interface Audit {
  id: string;
  organization_id: string;
  name: string;
  framework_id: string | null;
  kind: AuditKind;
  auditor: string | null;
  state: AuditState;
  start_date: string | null;
  end_date: string | null;
  report_url: string | null;
  notes: string | null;
  upcoming: boolean;
  created_at: string;
  updated_at: string;
}

/** addAudit's data. */
export interface AuditCreate {
  name: string;
  framework_id?: string | null;
  kind: AuditKind;
  auditor?: string | null;
  state?: AuditState;
  start_date?: string | null;
  end_date?: string | null;
  report_url?: string | null;
  notes?: string | null;
}

/** updateAudit's patch. */
export type AuditPatch = Partial<AuditCreate>;

/** listAudits filters. */
export interface AuditFilters {
  state?: AuditState[];
  kind?: AuditKind[];
  framework_id?: string;
  query?: string;
  start_after?: string;
  start_before?: string;
  /** 0 < start_date − today ≤ N. */
  upcoming_within_days?: number;
  upcoming?: boolean;
}

/** listAudits order_by fields. */
export type AuditOrderField = 'start_date' | 'name' | 'created_at' | 'updated_at';
