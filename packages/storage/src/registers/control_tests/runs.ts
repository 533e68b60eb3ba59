import type { NonconformitySeverity, TestRun, TestRunResult } from '@comply/schemas';
import { type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { memberRole } from '../../accounts/memberships.js';
import { appendAudit } from '../../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../../context.js';
import { toDateString } from '../../dates.js';
import type { Database } from '../../db/types.js';
import { invalidInput, StorageError } from '../../errors.js';
import { newId } from '../../ids.js';
import { type Page, paginate } from '../../paging/list.js';
import type { OrderSpec } from '../../paging/order.js';
import { claimIdempotencyKey } from '../kit.js';
import { nextReference } from '../nonconformities.js';
import { latestDate, TIMESTAMP_SKEW_MS } from '../not-future.js';
import { checkRefs } from '../refs.js';
import { runJson } from './sql.js';

/** What recordTestRun takes, in storage's terms. */
export interface TestRunInput {
  organizationId: string;
  actor: Actor;
  controlTestId: string;
  periodStart: string;
  periodEnd: string;
  performedBy?: string | undefined;
  performedAt?: string | undefined;
  samplesTested: number;
  result: TestRunResult;
  notes?: string | null | undefined;
  exceptions?: readonly string[] | undefined;
  evidenceIds?: readonly string[] | undefined;
  raiseNonconformity?: { severity: NonconformitySeverity; title?: string | undefined } | undefined;
  idempotencyKey?: string | undefined;
}

/** listTestRuns' filters. */
export interface TestRunFilters {
  control_test_id?: string | undefined;
  measure_id?: string | undefined;
  result?: readonly TestRunResult[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const RUN_ORDER: OrderSpec<'period_end'> = {
  keys: { period_end: { expr: sql.ref('r.period_end'), nullable: false } },
  defaultOrder: { field: 'period_end', direction: 'desc' },
  idColumn: 'r.id',
};

/** Period, performer and timestamps a run may have: nothing in the future, end not before start. */
function checkRun(input: TestRunInput, now: Date): void {
  if (input.periodEnd < input.periodStart) {
    throw invalidInput(
      'period_end',
      `\`period_end\` ${input.periodEnd} is before \`period_start\` ${input.periodStart}; a period ends on or after its first day.`,
    );
  }
  const latest = latestDate(now);
  if (input.periodEnd > latest) {
    throw invalidInput(
      'period_end',
      `\`period_end\` ${input.periodEnd} is in the future; a run covers a period that has passed (${latest} or earlier).`,
    );
  }
  if (input.performedAt && new Date(input.performedAt).getTime() > now.getTime() + TIMESTAMP_SKEW_MS) {
    throw invalidInput(
      'performed_at',
      `\`performed_at\` ${input.performedAt} is in the future; a run is recorded once performed (by ${now.toISOString()}).`,
    );
  }
  if (input.raiseNonconformity && !input.exceptions?.length) {
    throw invalidInput(
      'raise_nonconformity',
      "`raise_nonconformity` opens a nonconformity from the run's `exceptions`; list at least one exception.",
    );
  }
}

/** The performer is a member of the organization who may write (an auditor only reads). */
async function checkPerformer(args: {
  trx: Transaction<Database>;
  organizationId: string;
  userId: string;
}): Promise<void> {
  const role = await memberRole({ db: args.trx, organizationId: args.organizationId, userId: args.userId });
  if (!role || role === 'AUDITOR') {
    throw invalidInput(
      'performed_by',
      `\`performed_by\` ${args.userId} is not a member of this organization who performs tests; give the account id (usr_…) of a member (not an auditor).`,
    );
  }
}

async function lockTest(trx: Transaction<Database>, organizationId: string, id: string) {
  const test = await trx
    .selectFrom('control_tests')
    .select(['id', 'measure_id', 'title', 'status'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!test) {
    throw new StorageError({
      code: 'NOT_FOUND',
      field: 'control_test_id',
      message: `No control test with id ${id} in this organization.`,
    });
  }
  return test;
}

/** Opens the nonconformity a run's exceptions raise, in the run's transaction, audited. */
async function raiseNonconformity(args: {
  trx: Transaction<Database>;
  input: TestRunInput;
  test: { measure_id: string; title: string };
  runId: string;
  at: Date;
}): Promise<string> {
  const { trx, input, at } = args;
  const now = at.toISOString();
  const today = toDateString(at);
  const id = newId('nonconformity', at.getTime());
  const raise = input.raiseNonconformity as NonNullable<TestRunInput['raiseNonconformity']>;
  const row = {
    id,
    organization_id: input.organizationId,
    reference: await nextReference({ trx, organizationId: input.organizationId, year: today.slice(0, 4) }),
    title: raise.title ?? `Control test exceptions: ${args.test.title}`.slice(0, 200),
    description: `Raised by control test run ${args.runId} (${input.periodStart} to ${input.periodEnd}):\n${(input.exceptions ?? []).map((e) => `- ${e}`).join('\n')}`,
    severity: raise.severity,
    status: 'OPEN',
    measure_id: args.test.measure_id,
    date_identified: today,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('nonconformities').values(row).execute();
  await appendAudit({
    trx,
    organizationId: input.organizationId,
    actor: input.actor,
    recordType: 'nonconformity',
    recordId: id,
    before: null,
    after: row,
    at,
  });
  return id;
}

function runWhere(organizationId: string, f: TestRunFilters): RawBuilder<SqlBool> {
  const terms: RawBuilder<SqlBool>[] = [sql`r.organization_id = ${organizationId}`];
  if (f.control_test_id !== undefined) terms.push(sql`r.control_test_id = ${f.control_test_id}`);
  if (f.measure_id !== undefined) terms.push(sql`r.measure_id = ${f.measure_id}`);
  if (f.result?.length) terms.push(sql`r.result in (${sql.join(f.result)})`);
  if (f.from !== undefined) terms.push(sql`r.period_end >= ${f.from}::date`);
  if (f.to !== undefined) terms.push(sql`r.period_start <= ${f.to}::date`);
  return sql<SqlBool>`(${sql.join(terms, sql` and `)})`;
}

/** A control test's runs: recorded once, never changed or deleted (a trigger refuses it). */
export function runActions(ctx: StorageContext) {
  const loadRun = async (db: StorageContext['db'], organizationId: string, id: string) => {
    const row = await db
      .selectFrom('control_test_runs as r')
      .select(runJson('r').as('run'))
      .where('r.organization_id', '=', organizationId)
      .where('r.id', '=', id)
      .executeTakeFirstOrThrow();
    return row.run;
  };

  return {
    /**
     * Records a run of a control test, with its evidence and, on request, a nonconformity raised
     * from its exceptions: one transaction, each write audited. A retry with the same
     * idempotency key returns the first run.
     */
    recordRun: async (input: TestRunInput): Promise<TestRun> => {
      const at = ctx.clock();
      checkRun(input, at);
      const performer = input.performedBy ?? input.actor.userId;
      if (!performer) {
        throw invalidInput('performed_by', '`performed_by` is needed: the caller is no member account.');
      }
      const { organizationId } = input;
      return inTransaction(ctx.db, async (trx) => {
        const test = await lockTest(trx, organizationId, input.controlTestId);
        const id = newId('testRun', at.getTime());
        if (input.idempotencyKey) {
          const previous = await claimIdempotencyKey({
            trx,
            organizationId,
            register: 'control_test_runs',
            key: input.idempotencyKey,
            recordId: id,
            at,
          });
          if (previous) return loadRun(trx, organizationId, previous);
        }
        await checkPerformer({ trx, organizationId, userId: performer });
        const evidenceIds = [...new Set(input.evidenceIds ?? [])];
        await checkRefs({ trx, table: 'evidence', organizationId, ids: evidenceIds, field: 'evidence_ids' });
        const nonconformityId = input.raiseNonconformity
          ? await raiseNonconformity({ trx, input, test, runId: id, at })
          : null;
        const now = at.toISOString();
        await trx
          .insertInto('control_test_runs')
          .values({
            id,
            organization_id: organizationId,
            control_test_id: test.id,
            measure_id: test.measure_id,
            period_start: input.periodStart,
            period_end: input.periodEnd,
            performed_by: performer,
            performed_at: input.performedAt ?? now,
            samples_tested: input.samplesTested,
            result: input.result,
            notes: input.notes ?? null,
            exceptions: JSON.stringify(input.exceptions ?? []),
            nonconformity_id: nonconformityId,
            recorded_at: now,
          })
          .execute();
        if (evidenceIds.length > 0) {
          await trx
            .insertInto('control_test_run_evidence')
            .values(
              evidenceIds.map((evidence_id) => ({
                organization_id: organizationId,
                run_id: id,
                evidence_id,
              })),
            )
            .execute();
        }
        const run = await loadRun(trx, organizationId, id);
        await appendAudit({
          trx,
          organizationId,
          actor: input.actor,
          recordType: 'test_run',
          recordId: id,
          before: null,
          after: run,
          at,
        });
        return run;
      });
    },

    /** One page of the organization's runs, latest period first, filtered. */
    listRuns: async (args: {
      organizationId: string;
      filters: TestRunFilters;
      pageSize?: number | undefined;
      cursor?: string | undefined;
      orderBy?: { field: 'period_end'; direction: 'asc' | 'desc' } | undefined;
    }): Promise<Page<TestRun>> => {
      const where = runWhere(args.organizationId, args.filters);
      const page = await paginate({
        secret: ctx.cursorSecret,
        register: 'control_test_runs',
        spec: RUN_ORDER,
        params: {
          organizationId: args.organizationId,
          filters: args.filters,
          pageSize: args.pageSize,
          cursor: args.cursor,
          orderBy: args.orderBy,
        },
        fetch: ({ after, orderBy, sortValue, limit }) => {
          let query = ctx.db
            .selectFrom('control_test_runs as r')
            .select(['r.id', runJson('r').as('run'), sortValue.as('sort_value')])
            .where(where);
          if (after) query = query.where(after);
          for (const term of orderBy) query = query.orderBy(term);
          return query.limit(limit).execute();
        },
        count: async () => {
          const row = await ctx.db
            .selectFrom('control_test_runs as r')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where(where)
            .executeTakeFirstOrThrow();
          return Number(row.count);
        },
      });
      return { ...page, items: page.items.map((row) => row.run) };
    },
  };
}
