/**
 * Event types an endpoint may subscribe to. `record.created` and `record.updated` are emitted for
 * every audited write of a register record (the outbox trigger on `audit_log`, migration 027);
 * `task.due` and `evidence.expiring` by the reminder scan (docs/jobs.md, "Reminders");
 * `readiness.changed` by the readiness watch (docs/jobs.md, "Readiness events").
 */
export const EVENT_TYPES = [
  'record.created',
  'record.updated',
  'task.due',
  'evidence.expiring',
  'readiness.changed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Audit record types that are not register records: no event is written for them. */
export const EVENT_RECORD_TYPES_EXCLUDED = [
  'api_token',
  'framework_mappings',
  'invitation',
  'membership',
  'notification_preferences',
  'oauth_grant',
  'organization',
  'session',
  'user',
  'webhook_delivery',
  'webhook_endpoint',
] as const;

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
