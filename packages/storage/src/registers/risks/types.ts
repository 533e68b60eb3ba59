import type { CreateData, ListFilters, OrderField, PatchData } from '../spec-types.js';

export type { Risk } from '@comply/schemas';

/** addRisk's data. */
export type RiskCreate = CreateData<'addRisk'>;

/** updateRisk's patch. */
export type RiskPatch = PatchData<'updateRisk'>;

/** listRisks filters. */
export type RiskFilters = ListFilters<'listRisks'>;

/** listRisks order_by fields. */
export type RiskOrderField = OrderField<'listRisks'>;
