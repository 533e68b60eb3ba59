import type { CreateData, ListFilters, OrderField, PatchData } from '../spec-types.js';

export type { Vendor } from '@comply/schemas';

/** addVendor's data. */
export type VendorCreate = CreateData<'addVendor'>;

/** updateVendor's patch. */
export type VendorPatch = PatchData<'updateVendor'>;

/** listVendors filters. */
export type VendorFilters = ListFilters<'listVendors'>;

/** listVendors order_by fields. */
export type VendorOrderField = OrderField<'listVendors'>;
