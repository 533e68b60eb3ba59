import type { CreateData, ListFilters, OrderField, PatchData } from '../spec-types.js';

export type { Obligation } from '@comply/schemas';

/** addObligation's data. */
export type ObligationCreate = CreateData<'addObligation'>;

/** updateObligation's patch. */
export type ObligationPatch = PatchData<'updateObligation'>;

/** listObligations filters. */
export type ObligationFilters = ListFilters<'listObligations'>;

/** listObligations order_by fields. */
export type ObligationOrderField = OrderField<'listObligations'>;
