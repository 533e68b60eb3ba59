import type { VendorRiskTier, VendorStatus } from '../../enums.js';

/** A vendor as the tools return it. */
export interface Vendor {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  category: string | null;
  website: string | null;
  risk_tier: VendorRiskTier;
  status: VendorStatus;
  processes_personal_data: boolean;
  contract_end: string | null;
  last_reviewed_at: string | null;
  review_interval_days: number;
  next_review_due: string | null;
  review_overdue: boolean;
  never_reviewed: boolean;
  owner: string | null;
  contact_email: string | null;
  created_at: string;
  updated_at: string;
}

/** addVendor's data. */
export interface VendorCreate {
  name: string;
  description?: string | null;
  category?: string | null;
  website?: string | null;
  risk_tier?: VendorRiskTier;
  status?: VendorStatus;
  processes_personal_data?: boolean;
  contract_end?: string | null;
  last_reviewed_at?: string | null;
  review_interval_days?: number;
  owner?: string | null;
  contact_email?: string | null;
}

/** updateVendor's patch: absent keys stay, null clears. */
export type VendorPatch = Partial<VendorCreate>;

/** listVendors filters. */
export interface VendorFilters {
  status?: VendorStatus[];
  risk_tier?: VendorRiskTier[];
  category?: string;
  owner?: string;
  query?: string;
  processes_personal_data?: boolean;
  reviewed_before?: string;
  reviewed_after?: string;
  review_due_before?: string;
  review_overdue?: boolean;
  never_reviewed?: boolean;
  contract_ends_before?: string;
}

/** listVendors order_by fields. */
export type VendorOrderField = 'name' | 'next_review_due' | 'last_reviewed_at' | 'created_at' | 'updated_at';
