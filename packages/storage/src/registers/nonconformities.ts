import type { Nonconformity } from '@comply/schemas';
import { type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { toDateString } from '../dates.js';
import type { Database } from '../db/types.js';
import { invalidInput } from '../errors.js';
import {
  BY_TIMESTAMPS,
  compare,
  defineRegister,
  equals,
  holds,
  inList,
  lowerEquals,
  search,
} from './define.js';
import { refuseFutureDates } from './not-future.js';

/** The one definition of a nonconformity's `overdue`. */
export function ncOverdueSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(nonconformities.due_date is not null and nonconformities.due_date < ${today}::date
    and nonconformities.status <> 'CLOSED')`;
}

/** The columns of a nonconformity its invariants read: a create's row, or an update's merged record. */
export type NonconformityRule = Pick<Nonconformity, 'status' | 'root_cause' | 'corrective_action'>;

const REQUIRED_TO_CLOSE = [
  ['root_cause', 'the cause found'],
  ['corrective_action', 'the action taken to remove the cause'],
] as const;

/**
 * Refuses a CLOSED nonconformity without a root cause or a corrective action (blank text counts as
 * none); closed_at is set by the repository whenever the status is CLOSED. See docs/data-model.md,
 * "Invariants".
 */
export function checkNonconformityInvariants({ nonconformity }: { nonconformity: NonconformityRule }): void {
  if (nonconformity.status !== 'CLOSED') return;
  for (const [field, what] of REQUIRED_TO_CLOSE) {
    const value = nonconformity[field];
    if (value === null || value === undefined || value.trim() === '') {
      throw invalidInput(
        field,
        `A CLOSED nonconformity needs \`${field}\` (${what}); record it, or keep the status OPEN or IN_PROGRESS.`,
      );
    }
  }
}

/**
 * The next free `NC-<year>-<NNN>` of an organization. The organization row is locked for the
 * rest of the transaction so two concurrent creates cannot pick the same number.
 */
export async function nextReference(args: {
  trx: Transaction<Database>;
  organizationId: string;
  year: string;
}): Promise<string> {
  await args.trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', args.organizationId)
    .forNoKeyUpdate()
    .execute();
  const pattern = `^NC-${args.year}-([0-9]+)$`;
  const row = await args.trx
    .selectFrom('nonconformities')
    .select(sql<number | null>`max(substring(reference from ${pattern})::integer)`.as('last'))
    .where('organization_id', '=', args.organizationId)
    .executeTakeFirst();
  const next = (row?.last ?? 0) + 1;
  return `NC-${args.year}-${String(next).padStart(3, '0')}`;
}

/**
 * The nonconformities register. References are unique per organization → CONFLICT; a create
 * without one is numbered in its transaction. closed_at is set when the status becomes CLOSED.
 */
export const nonconformitiesRepository = defineRegister({
  register: 'nonconformities',
  computed: { overdue: ({ today }) => ncOverdueSql(today) },
  filters: {
    status: inList('status'),
    severity: inList('severity'),
    open: (open, { column }) => sql<SqlBool>`${column('status')} ${sql.raw(open ? '<>' : '=')} ${'CLOSED'}`,
    overdue: holds('overdue'),
    audit_id: equals('audit_id'),
    measure_id: equals('measure_id'),
    owner: lowerEquals('owner'),
    query: search('reference', 'title', 'description'),
    due_before: compare('due_date', '<'),
    identified_after: compare('date_identified', '>'),
    identified_before: compare('date_identified', '<'),
  },
  order: {
    keys: {
      date_identified: 'column',
      due_date: 'nullable',
      reference: 'column',
      ...BY_TIMESTAMPS,
    },
  },
  defaults: { status: 'OPEN' },
  refs: { audit_id: 'audits', measure_id: 'measures' },
  check: ({ data, now }) => refuseFutureDates({ now, dates: { date_identified: data.date_identified } }),
  values: ({ values, now }) => {
    checkNonconformityInvariants({ nonconformity: values as unknown as NonconformityRule });
    const dateIdentified = (values.date_identified as string | null) ?? toDateString(new Date(now));
    return { ...values, date_identified: dateIdentified, closed_at: values.status === 'CLOSED' ? now : null };
  },
  insertValues: async ({ trx, organizationId, data, now }) =>
    data.reference
      ? {}
      : {
          reference: await nextReference({
            trx,
            organizationId,
            year: (data.date_identified ?? toDateString(new Date(now))).slice(0, 4),
          }),
        },
  // Numbering reads the organization's references; the invariants and closed_at read the record.
  needsTransaction: (input, write) =>
    write === 'create' ||
    input.status !== undefined ||
    input.root_cause !== undefined ||
    input.corrective_action !== undefined,
  patchColumns: ({ before, columns, now }) => {
    checkNonconformityInvariants({ nonconformity: { ...before, ...columns } as NonconformityRule });
    const closing = columns.status === 'CLOSED' && before.status !== 'CLOSED';
    if (closing) return { ...columns, closed_at: now };
    if (columns.status !== undefined && columns.status !== 'CLOSED') return { ...columns, closed_at: null };
    return columns;
  },
});
