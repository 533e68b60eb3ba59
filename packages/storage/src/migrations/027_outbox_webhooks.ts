import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { DELIVERY_STATUSES, EVENT_RECORD_TYPES_EXCLUDED } from '../webhooks/events.js';
import { type Migration, oneOf, run } from './types.js';

/**
 * The outbox and webhooks: `outbox_events` is written by a trigger on `audit_log`, so every
 * audited write of a register record (every register, present and future: they all append their
 * audit entry in the write's own transaction) adds its event in that same transaction. The
 * trigger writes only for organizations with an enabled endpoint. `local_jobs` is the job table of
 * the single-process scheduler used on the embedded database (PostgreSQL uses pg-boss's tables).
 */
export const outboxWebhooks: Migration = {
  version: 27,
  name: 'outbox_webhooks',
  up: async (trx) => {
    await run(trx, [
      sql`create table webhook_endpoints (
        id text primary key,
        organization_id text not null references organizations (id),
        url text not null check (char_length(url) between 1 and 2000),
        description text check (char_length(description) <= 200),
        event_types text[] not null,
        secret_ciphertext text not null,
        enabled boolean not null default true,
        created_by text references users (id),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        archived_at timestamptz)`,
      sql`create index webhook_endpoints_org_idx on webhook_endpoints (organization_id, created_at, id)`,
      sql`create table outbox_events (
        id text primary key,
        organization_id text not null references organizations (id),
        type text not null,
        payload jsonb not null,
        created_at timestamptz not null,
        dispatched_at timestamptz)`,
      sql`create index outbox_events_pending_idx on outbox_events (created_at, id) where dispatched_at is null`,
      sql`create table webhook_deliveries (
        id text primary key,
        organization_id text not null references organizations (id),
        endpoint_id text not null references webhook_endpoints (id) on delete cascade,
        event_id text not null references outbox_events (id),
        event_type text not null,
        status text not null check (status in ${oneOf(DELIVERY_STATUSES)}),
        attempts integer not null default 0,
        last_response_status integer,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        delivered_at timestamptz,
        constraint webhook_deliveries_once unique (endpoint_id, event_id))`,
      sql`create index webhook_deliveries_org_idx on webhook_deliveries (organization_id, endpoint_id, created_at desc, id)`,
      sql`create table webhook_attempts (
        id text primary key,
        delivery_id text not null references webhook_deliveries (id) on delete cascade,
        organization_id text not null references organizations (id),
        attempt integer not null,
        started_at timestamptz not null,
        duration_ms integer not null,
        response_status integer,
        error text,
        response_body text,
        ok boolean not null)`,
      sql`create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempt)`,
      sql`create table local_jobs (
        id text primary key,
        queue text not null,
        data jsonb not null,
        state text not null check (state in ('created', 'failed')),
        run_at timestamptz not null,
        attempts integer not null default 0,
        retry_limit integer not null,
        retry_delay_ms integer not null,
        last_error text,
        created_at timestamptz not null)`,
      sql`create index local_jobs_due_idx on local_jobs (run_at, id) where state = 'created'`,
      sql`create function comply_outbox_from_audit() returns trigger language plpgsql as $$
        begin
          if new.organization_id is not null
            and new.after is not null
            and new.record_type not in ${oneOf(EVENT_RECORD_TYPES_EXCLUDED)}
            and exists (select 1 from webhook_endpoints e
              where e.organization_id = new.organization_id and e.enabled and e.archived_at is null)
          then
            insert into outbox_events (id, organization_id, type, payload, created_at)
            values ('msg_' || substr(new.id, 5), new.organization_id,
              case when new.before is null then 'record.created' else 'record.updated' end,
              jsonb_build_object('organization_id', new.organization_id,
                'record_type', new.record_type, 'record_id', new.record_id,
                'action', new.action, 'source', new.source, 'record', new.after),
              new.at);
          end if;
          return null;
        end
        $$`,
      sql`create trigger audit_log_outbox after insert on audit_log
        for each row execute function comply_outbox_from_audit()`,
      sql`insert into settings (key, value) values ('webhook_secret_key', ${randomBytes(32).toString('hex')})`,
    ]);
  },
};
