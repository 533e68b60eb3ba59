/** What the server tells the model once: at initialize (2025 era) or server/discover (2026-07-28). */
export const INSTRUCTIONS = [
  'Comply holds compliance registers: risks, vendors, measures (controls), obligations, nonconformities, audits, frameworks and assets (the information-asset inventory).',
  'Begin with listOrganizations, then pass its `id` as `organization_id` to every other tool; a record of an organization you cannot access is NOT_FOUND.',
  'Filter on the server with the list tools’ filters instead of fetching everything: filters combine with AND, an array filter matches any of its values, text filters ignore case.',
  'Lists are paged: pass `next_cursor` back as `cursor` with the same filters and order_by (a `field` and a `direction`, asc or desc) until it is null; `total_count` says how many records match (a free-text `query` stops counting at 10000 and then adds `total_count_is_lower_bound`). Get, add and update tools return a record as the list tools’ items show it.',
  'Add tools take an `idempotency_key`: a retry with the same key returns the first call’s record instead of a duplicate. Update tools change only the keys you send, `null` clears a field, and `expected_updated_at` (the updated_at you read) makes the call fail with CONFLICT instead of overwriting a newer change.',
  'For an overview use getComplianceReport; to prepare an audit use getAuditReadiness with a framework_id, and listFrameworkControls for a framework’s controls page by page.',
  'Records keep their invariants on every add and update: an ACCEPTED risk has treatment ACCEPT (filled in when none is given) and a CLOSED one never does; a residual score never exceeds the inherent score; a CLOSED nonconformity has a root_cause and a corrective_action.',
  'Errors come back as tool results with isError and a JSON body {error: {code, message, field}}: correct the named field and call again.',
].join(' ');
