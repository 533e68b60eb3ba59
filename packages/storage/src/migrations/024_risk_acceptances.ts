import { sql } from 'kysely';
import { orgChangeTriggers } from './006_change_notify.js';
import { type Migration, run } from './types.js';

/**
 * Risk acceptances (ISO 27001 clause 6.1.3 f): who accepted a risk, when, why, on what conditions
 * and until when. An acceptance is a record, never edited: a new one supersedes it, and a risk
 * leaving ACCEPTED ends it (docs/data-model.md, "Risk acceptance"). `archived_at` is there for the
 * archive of every register's records.
 */
export const riskAcceptances: Migration = {
  version: 24,
  name: 'risk_acceptances',
  up: async (trx) => {
    await run(trx, [
      sql`create table risk_acceptances (
        id text primary key,
        organization_id text not null references organizations (id),
        risk_id text not null,
        accepted_by_user_id text,
        accepted_by text,
        accepted_role text not null check (accepted_role in ('OWNER', 'ADMIN')),
        accepted_at timestamptz not null,
        rationale text not null check (char_length(btrim(rationale)) between 1 and 5000),
        conditions text,
        expires_on date not null,
        archived_at timestamptz,
        constraint risk_acceptances_expiry_check check (expires_on >= (accepted_at at time zone 'UTC')::date),
        constraint risk_acceptances_risk_fkey foreign key (organization_id, risk_id)
          references risks (organization_id, id) on delete cascade)`,
      sql`create index risk_acceptances_risk_idx on risk_acceptances (organization_id, risk_id, accepted_at desc, id desc)`,
      sql`create function comply_risk_acceptance_immutable() returns trigger language plpgsql as $$
        begin
          if new.archived_at is distinct from old.archived_at and
            (new.id, new.organization_id, new.risk_id, new.accepted_at, new.rationale, new.expires_on)
              is not distinct from
            (old.id, old.organization_id, old.risk_id, old.accepted_at, old.rationale, old.expires_on) then
            return new;
          end if;
          raise exception 'A risk acceptance is never changed; record a new one.'
            using errcode = 'check_violation';
        end $$`,
      sql`create trigger risk_acceptances_immutable before update on risk_acceptances
        for each row execute function comply_risk_acceptance_immutable()`,
      ...orgChangeTriggers('risk_acceptances'),
    ]);
  },
};
