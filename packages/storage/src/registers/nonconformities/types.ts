import type { CreateData, ListFilters, OrderField, PatchData } from '../spec-types.js';

export type { Nonconformity } from '@comply/schemas';

/** addNonconformity's data. */
export type NonconformityCreate = CreateData<'addNonconformity'>;

/** updateNonconformity's patch. */
export type NonconformityPatch = PatchData<'updateNonconformity'>;

/** listNonconformities filters. */
export type NonconformityFilters = ListFilters<'listNonconformities'>;

/** listNonconformities order_by fields. */
export type NonconformityOrderField = OrderField<'listNonconformities'>;
