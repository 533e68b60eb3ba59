import type { ObligationSource, ObligationStatus } from '../../enums.js';

/** An obligation as the tools return it. */
export interface Obligation {
  id: string;
  organization_id: string;
  title: string;
  requirement: string | null;
  source: ObligationSource;
  regulator: string | null;
  area: string | null;
  owner: string | null;
  status: ObligationStatus;
  due_date: string | null;
  last_review_date: string | null;
  actions: string | null;
  overdue: boolean;
  created_at: string;
  updated_at: string;
}

/** addObligation's data. */
export interface ObligationCreate {
  title: string;
  requirement?: string | null;
  source: ObligationSource;
  regulator?: string | null;
  area?: string | null;
  owner?: string | null;
  status?: ObligationStatus;
  due_date?: string | null;
  last_review_date?: string | null;
  actions?: string | null;
}

/** updateObligation's patch. */
export type ObligationPatch = Partial<ObligationCreate>;

/** listObligations filters. */
export interface ObligationFilters {
  status?: ObligationStatus[];
  source?: ObligationSource[];
  area?: string;
  owner?: string;
  regulator?: string;
  query?: string;
  due_before?: string;
  due_after?: string;
  overdue?: boolean;
  reviewed_before?: string;
}

/** listObligations order_by fields. */
export type ObligationOrderField = 'due_date' | 'title' | 'created_at' | 'updated_at';
