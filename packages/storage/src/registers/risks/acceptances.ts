import type { ExpiredAcceptance, Risk } from '@comply/schemas';
import { sql } from 'kysely';
import { appendAudit } from '../../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../../context.js';
import { toDateString } from '../../dates.js';
import type { Db } from '../../db/types.js';
import { invalidInput, StorageError } from '../../errors.js';
import { newId } from '../../ids.js';
import { capped } from '../../reports/aggregate.js';
import type { CappedList } from '../../reports/types.js';
import { claimIdempotencyKey } from '../kit.js';
import { risksRepository } from '../risks.js';

/** The roles that may accept a risk on the organization's behalf. */
export const ACCEPTING_ROLES = ['OWNER', 'ADMIN'] as const;
export type AcceptingRole = (typeof ACCEPTING_ROLES)[number];

/** The idempotency-key namespace of acceptances. */
const ACCEPTANCES = 'risk_acceptances';

const riskNotFound = (id: string) =>
  new StorageError({
    code: 'NOT_FOUND',
    field: 'risk_id',
    message: `Risk \`${id}\` was not found in this organization; listRisks gives valid ids.`,
  });

/** What acceptRisk records. */
export interface AcceptRiskParams {
  organizationId: string;
  actor: Actor;
  role: AcceptingRole;
  riskId: string;
  rationale: string;
  conditions?: string | null | undefined;
  expiresOn: string;
  idempotencyKey?: string | undefined;
}

/** One row of the risk treatment plan's acceptance columns: a risk's newest acceptance. */
export interface CurrentAcceptance {
  risk_id: string;
  accepted_by: string | null;
  accepted_at: string;
  expires_on: string;
}

/**
 * Risk acceptances (docs/data-model.md, "Risk acceptance"): the only way a risk becomes ACCEPTED.
 * An acceptance is recorded with the risk's change in one transaction and one audit entry.
 */
export function riskAcceptancesRepository(ctx: StorageContext) {
  return {
    /**
     * Records an acceptance by the actor (whose role the caller checked) and sets the risk ACCEPTED
     * with treatment ACCEPT. A retry with the same idempotency key returns the risk unchanged.
     */
    accept: (params: AcceptRiskParams): Promise<Risk> =>
      inTransaction(ctx.db, async (trx) => {
        const at = ctx.clock();
        const now = at.toISOString();
        const today = toDateString(at);
        const risks = risksRepository({ ...ctx, db: trx });
        const locked = await trx
          .selectFrom('risks')
          .select(['id', 'status'])
          .where('organization_id', '=', params.organizationId)
          .where('id', '=', params.riskId)
          .forUpdate()
          .executeTakeFirst();
        if (!locked) throw riskNotFound(params.riskId);
        const id = newId('riskAcceptance', at.getTime());
        if (params.idempotencyKey) {
          const previous = await claimIdempotencyKey({
            trx,
            organizationId: params.organizationId,
            register: ACCEPTANCES,
            key: params.idempotencyKey,
            recordId: id,
            at,
          });
          if (previous) {
            const first = await trx
              .selectFrom('risk_acceptances')
              .select('risk_id')
              .where('organization_id', '=', params.organizationId)
              .where('id', '=', previous)
              .executeTakeFirst();
            const risk =
              first && (await risks.get({ organizationId: params.organizationId, id: first.risk_id }));
            if (risk) return risk;
          }
        }
        if (locked.status === 'CLOSED') {
          throw invalidInput(
            'risk_id',
            'A CLOSED risk cannot be accepted: it no longer exists as a risk. Reopen it first (updateRisk status OPEN), then accept it.',
          );
        }
        const rationale = params.rationale.trim();
        if (!rationale) {
          throw invalidInput('rationale', '`rationale` must say why the risk is acceptable; it is empty.');
        }
        if (params.expiresOn <= today) {
          throw invalidInput(
            'expires_on',
            `\`expires_on\` must be after today (${today}): an acceptance is given for a limited time ahead (got ${params.expiresOn}).`,
          );
        }
        const before = await risks.get({ organizationId: params.organizationId, id: params.riskId });
        const accepter = params.actor.userId
          ? await trx
              .selectFrom('users')
              .select('email')
              .where('id', '=', params.actor.userId)
              .executeTakeFirst()
          : undefined;
        await trx
          .insertInto('risk_acceptances')
          .values({
            id,
            organization_id: params.organizationId,
            risk_id: params.riskId,
            accepted_by_user_id: params.actor.userId,
            accepted_by: accepter?.email ?? null,
            accepted_role: params.role,
            accepted_at: now,
            rationale,
            conditions: params.conditions?.trim() || null,
            expires_on: params.expiresOn,
          })
          .execute();
        await trx
          .updateTable('risks')
          .set({ status: 'ACCEPTED', treatment: 'ACCEPT', updated_at: now })
          .where('organization_id', '=', params.organizationId)
          .where('id', '=', params.riskId)
          .execute();
        const after = await risks.get({ organizationId: params.organizationId, id: params.riskId });
        if (!after) throw riskNotFound(params.riskId);
        await appendAudit({
          trx,
          organizationId: params.organizationId,
          actor: params.actor,
          recordType: 'risk',
          recordId: params.riskId,
          before,
          after,
          at,
        });
        return after;
      }),
  };
}

/** The acceptances repository's type. */
export type RiskAcceptancesRepository = ReturnType<typeof riskAcceptancesRepository>;

/**
 * ACCEPTED risks whose newest acceptance lapsed before `today`, or that have none on record (an
 * acceptance given before acceptances were recorded), longest lapsed first.
 */
export async function expiredAcceptances(args: {
  db: Db;
  organizationId: string;
  today: string;
  topN: number;
}): Promise<CappedList<ExpiredAcceptance>> {
  const { rows } = await sql<{
    id: string;
    name: string;
    owner: string | null;
    residual_score: number;
    expires_on: string | null;
    total: string;
  }>`select r.id, r.name, r.owner, r.residual_score,
      to_char(la.expires_on, 'YYYY-MM-DD') as expires_on, count(*) over () as total
    from risks r
    left join lateral (select a.expires_on from risk_acceptances a
      where a.organization_id = r.organization_id and a.risk_id = r.id
      order by a.accepted_at desc, a.id desc limit 1) la on true
    where r.organization_id = ${args.organizationId} and r.status = 'ACCEPTED'
      and (la.expires_on is null or la.expires_on < ${args.today}::date)
    order by la.expires_on asc nulls first, r.id
    limit ${args.topN}`.execute(args.db);
  const items = rows.map(({ total: _total, ...row }) => ({
    ...row,
    residual_score: Number(row.residual_score),
  }));
  return capped({ count: Number(rows[0]?.total ?? 0), items });
}
