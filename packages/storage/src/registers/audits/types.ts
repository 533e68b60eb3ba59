import type { CreateData, ListFilters, OrderField, PatchData } from '../spec-types.js';

export type { Audit } from '@comply/schemas';

/** addAudit's data. */
export type AuditCreate = CreateData<'addAudit'>;

/** updateAudit's patch. */
export type AuditPatch = PatchData<'updateAudit'>;

/** listAudits filters. */
export type AuditFilters = ListFilters<'listAudits'>;

/** listAudits order_by fields. */
export type AuditOrderField = OrderField<'listAudits'>;
