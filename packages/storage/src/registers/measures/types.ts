import type { CreateData, ListFilters, OrderField, PatchData } from '../spec-types.js';

export type { ControlRef, Evidence, EvidenceInput, Measure } from '@comply/schemas';

/** addMeasure's data. */
export type MeasureCreate = CreateData<'addMeasure'>;

/** updateMeasure's patch: add_evidence appends; controls and risk_ids replace their sets. */
export type MeasurePatch = PatchData<'updateMeasure'>;

/** listMeasures filters (control_code only together with framework_id). */
export type MeasureFilters = ListFilters<'listMeasures'>;

/** listMeasures order_by fields. */
export type MeasureOrderField = OrderField<'listMeasures'>;
