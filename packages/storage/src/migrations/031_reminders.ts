import { sql } from 'kysely';
import { REMINDER_KINDS } from '../reminders/kinds.js';
import { EVENT_RECORD_TYPES_EXCLUDED } from '../webhooks/events.js';
import { type Migration, oneOf, run } from './types.js';

/**
 * Reminders (docs/jobs.md, "Reminders"): each member's notification preferences per organization,
 * and the reminders ledger. A ledger row is claimed with `insert … on conflict do nothing` under one
 * of two unique keys — (subject, kind, date) for a task's reminder or event and an evidence's
 * event, (organization, member, week) for a digest — so every instance on one database claims
 * each reminder once. The outbox trigger is rebuilt so that preferences emit no webhook event.
 */
export const reminders: Migration = {
  version: 31,
  name: 'reminders',
  up: async (trx) => {
    await run(trx, [
      sql`create table notification_preferences (
        organization_id text not null references organizations (id),
        user_id text not null references users (id),
        due_soon_days integer not null check (due_soon_days between 0 and 30),
        overdue boolean not null,
        digest boolean not null,
        updated_at timestamptz not null,
        primary key (organization_id, user_id))`,
      sql`create table reminders (
        id text primary key,
        organization_id text not null references organizations (id),
        kind text not null check (kind in ${oneOf(REMINDER_KINDS)}),
        subject_id text,
        user_id text references users (id),
        period date not null,
        status text not null check (status in ('QUEUED', 'SENT', 'SKIPPED')),
        created_at timestamptz not null,
        sent_at timestamptz,
        check ((kind = 'DIGEST') = (subject_id is null)),
        check ((kind like '%_EVENT') = (user_id is null)))`,
      sql`create unique index reminders_subject_once on reminders (subject_id, kind, period)
        where subject_id is not null`,
      sql`create unique index reminders_digest_once on reminders (organization_id, user_id, period)
        where kind = 'DIGEST'`,
      sql`create index reminders_queued_idx on reminders (created_at, id) where status = 'QUEUED'`,
      sql`create or replace function comply_outbox_from_audit() returns trigger language plpgsql as $$
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
    ]);
  },
};
