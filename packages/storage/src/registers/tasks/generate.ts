import { sql, type Transaction } from 'kysely';
import { type Actor, inTransaction, type StorageContext } from '../../context.js';
import { addDays, toDateString } from '../../dates.js';
import type { Database, Db } from '../../db/types.js';
import { newId } from '../../ids.js';
import { OPEN_STATUSES, taskRecord } from './record.js';
import { sourceRowsSql, TASK_SOURCES } from './sources.js';

/**
 * How far ahead tasks are generated: a source date is given its task once it is due within this
 * many days (or already past). Reminders can therefore look at most this far ahead.
 */
export const GENERATION_HORIZON_DAYS = 30;

/** Who generated tasks are written by in the audit log when no caller is given. */
export const GENERATOR_ACTOR: Actor = { userId: null, tokenId: null, source: 'cli', action: 'generateTasks' };

/** What one generation did. */
export interface GenerationResult {
  created: number;
  closed: number;
}

const INSERT_CHUNK = 2000;
/**
 * Tasks created per transaction outside a caller's transaction: on the embedded engine a call
 * made meanwhile waits for one such transaction at most.
 */
const CREATE_CHUNK = { pglite: 40, postgres: INSERT_CHUNK } as const;
const AUDIT_CHUNK = 2000;

interface AuditRow {
  recordId: string;
  before: unknown;
  after: unknown;
}

async function appendAudits(args: {
  trx: Transaction<Database>;
  organizationId: string;
  actor: Actor;
  at: Date;
  rows: readonly AuditRow[];
}): Promise<void> {
  const { trx, organizationId, actor, at, rows } = args;
  for (let i = 0; i < rows.length; i += AUDIT_CHUNK) {
    const entries = rows.slice(i, i + AUDIT_CHUNK).map((row) => ({
      id: newId('log', at.getTime()),
      record_id: row.recordId,
      before: row.before,
      after: row.after,
    }));
    await sql`insert into audit_log (id, organization_id, at, actor_user_id, token_id, source, action,
        record_type, record_id, before, after)
      select x.id, ${organizationId}, ${at.toISOString()}, ${actor.userId}, ${actor.tokenId},
        ${actor.source}, ${actor.action}, 'task', x.record_id, x.before, x.after
      from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
        as x(id text, record_id text, before jsonb, after jsonb)`.execute(trx);
  }
}

/**
 * Source rows read per statement by generation (with the tasks of the same records): on the
 * embedded engine's one connection a call made meanwhile waits for one such statement at most.
 */
export const READ_WINDOW = { pglite: 250, postgres: 5000 } as const;

/** A source date that has no task yet, due within the horizon, with the assignee its owner names. */
interface FreshRow {
  source: string;
  kind: string;
  source_id: string;
  subject_id: string;
  due_date: string;
  title: string;
  assignee_id: string | null;
}

/** What the reads found: the dates that need a task, and the open tasks whose date is gone. */
interface Found {
  fresh: FreshRow[];
  staleIds: string[];
}

type SourceRow = Omit<FreshRow, 'assignee_id'> & { owner: string | null };

/**
 * Reads every source's rows a window at a time (the records among the next `size` ids of its
 * table, keyset by id: TASK_SOURCES), and with each window the tasks of the same kind and id range
 * (every status, on tasks_source_key), compared here rather than by an anti-join, which PGlite
 * (no statistics) would plan as a nested loop or a hash of every task, in one statement holding
 * its connection. A date due within the horizon with no task yet is fresh (in due date, source_id
 * order, with the assignee its owner names); an open task whose record no longer holds its date is
 * stale.
 */
async function readSources(args: { db: Db; org: string; horizon: string; size: number }): Promise<Found> {
  const { db, org, horizon, size } = args;
  const fresh: SourceRow[] = [];
  const staleIds: string[] = [];
  for (const source of TASK_SOURCES) {
    let after: string | null = null;
    for (;;) {
      const from: string | null = after;
      // The window: the next `size` ids of the source's table (on its (organization_id, id) key),
      // so that each read below takes those records only, an aggregate source's too.
      const end: { rows: { id: string }[] } = await sql<{
        id: string;
      }>`select id from ${sql.table(source.table)}
        where organization_id = ${org} and ${from === null ? sql`true` : sql`id > ${from}`}
        order by id limit 1 offset ${size - 1}`.execute(db);
      // The window's upper end; the last window has none.
      const through: string | null = end.rows[0]?.id ?? null;
      const read: { rows: SourceRow[] } = await sql<SourceRow>`select s.source, s.kind, s.source_id,
          s.subject_id, to_char(s.due_date, 'YYYY-MM-DD') as due_date, s.title, s.owner
        from (${sourceRowsSql(org, [source])}) s
        where ${from === null ? sql`true` : sql`s.source_id > ${from}`}
          and ${through === null ? sql`true` : sql`s.source_id <= ${through}`}`.execute(db);
      const rows = read.rows;
      const tasks = await db
        .selectFrom('tasks')
        .select(['id', 'source_id', 'due_date', 'status'])
        .where('organization_id', '=', org)
        .where('source_id', 'is not', null)
        .$if(from !== null, (q) => q.where('source_id', '>', from as string))
        .$if(through !== null, (q) => q.where('source_id', '<=', through as string))
        .where('kind', '=', source.kind as never)
        .execute();
      const dates = new Map<string, string[]>();
      for (const row of rows) dates.set(row.source_id, [...(dates.get(row.source_id) ?? []), row.due_date]);
      const given = new Set(tasks.map((t) => `${t.source_id} ${t.due_date}`));
      for (const row of rows) {
        if (row.due_date <= horizon && !given.has(`${row.source_id} ${row.due_date}`)) fresh.push(row);
      }
      for (const t of tasks) {
        const open = (OPEN_STATUSES as readonly string[]).includes(t.status);
        if (open && !(dates.get(t.source_id as string) ?? []).includes(t.due_date as string))
          staleIds.push(t.id);
      }
      if (through === null) break;
      after = through;
    }
  }
  fresh.sort((a, b) =>
    a.due_date === b.due_date ? compare(a.source_id, b.source_id) : compare(a.due_date, b.due_date),
  );
  const assignees = await assigneesOf({ db, org, owners: fresh.map((row) => row.owner), size });
  return {
    fresh: fresh.map(({ owner, ...row }) => ({ ...row, assignee_id: assignees.get(owner ?? '') ?? null })),
    staleIds,
  };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The member each owner names (e-mail address or name, case and surrounding spaces ignored; never
 * an auditor; the earliest member when several match), `size` owners per statement.
 */
async function assigneesOf(args: {
  db: Db;
  org: string;
  owners: readonly (string | null)[];
  size: number;
}): Promise<Map<string, string>> {
  const { db, org, size } = args;
  const owners = [...new Set(args.owners.filter((owner): owner is string => owner !== null))];
  const found = new Map<string, string>();
  for (let i = 0; i < owners.length; i += size) {
    const { rows } = await sql<{ owner: string; user_id: string | null }>`select x.owner,
        (select m.user_id from memberships m join users u on u.id = m.user_id
          where m.organization_id = ${org} and m.role <> 'AUDITOR'
            and (lower(u.email) = lower(btrim(x.owner)) or lower(u.name) = lower(btrim(x.owner)))
          order by m.created_at, m.user_id limit 1) as user_id
      from unnest(${owners.slice(i, i + size)}::text[]) as x(owner)`.execute(db);
    for (const row of rows) if (row.user_id !== null) found.set(row.owner, row.user_id);
  }
  return found;
}

/**
 * Brings an organization's generated tasks up to date with the dates its records hold
 * (TASK_SOURCES): a task for every source date due within GENERATION_HORIZON_DAYS that has none
 * yet, and every open generated task whose source no longer holds its date closed (DONE, "brought
 * up to date", when the date moved later or the record no longer asks for it; CANCELLED when it
 * moved earlier, since a task for the earlier date replaces it). Inside a caller's transaction it
 * all happens there; otherwise the reads are separate statements, tasks are created CREATE_CHUNK
 * per transaction with their audit entries, and the closing is one more transaction (a run cut
 * short leaves the rest to the next). The unique key (organization_id, source_id, kind, due_date)
 * makes concurrent runs, on any connection or instance, create each task once; a task is closed
 * under a row lock, once. Every task written is in the audit log.
 */
export async function generateTasks(args: {
  ctx: StorageContext;
  organizationId: string;
  now: Date;
  actor?: Actor;
  /** Rows per read (default READ_WINDOW for the driver). */
  window?: number;
}): Promise<GenerationResult> {
  const { ctx, organizationId: org, now } = args;
  const actor = args.actor ?? GENERATOR_ACTOR;
  const today = toDateString(now);
  const horizon = addDays({ date: today, days: GENERATION_HORIZON_DAYS });
  const write = { org, now, today, actor };
  const size = args.window ?? READ_WINDOW[ctx.driver];
  // Outside a caller's transaction, in short transactions: on the embedded engine's one
  // connection, calls made meanwhile run between them instead of waiting for one transaction
  // holding every statement (docs/jobs.md, "Reminders at scale"). The reads come first, a window
  // at a time; usually there is nothing to write (the reminder scan's daily catch-up).
  if (!ctx.db.isTransaction) {
    const { fresh, staleIds } = await readSources({ db: ctx.db, org, horizon, size });
    const chunk = CREATE_CHUNK[ctx.driver];
    let created = 0;
    for (let i = 0; i < fresh.length; i += chunk) {
      created += await ctx.db.transaction().execute(async (trx) => {
        const audits = await insertTasks({ ...write, trx, rows: fresh.slice(i, i + chunk) });
        await appendAudits({ trx, organizationId: org, actor, at: now, rows: audits });
        return audits.length;
      });
    }
    if (staleIds.length === 0) return { created, closed: 0 };
    // Read again under lock: what is closed, and how, is decided inside the transaction.
    const closed = await ctx.db.transaction().execute(async (trx) => {
      const audits = await closeStale({ ...write, trx, staleIds });
      await appendAudits({ trx, organizationId: org, actor, at: now, rows: audits });
      return audits.length;
    });
    return { created, closed };
  }
  return inTransaction(ctx.db, async (trx) => {
    const { fresh, staleIds } = await readSources({ db: trx, org, horizon, size });
    const audits = await insertTasks({ ...write, trx, rows: fresh });
    const created = audits.length;
    if (staleIds.length > 0) audits.push(...(await closeStale({ ...write, trx, staleIds })));
    await appendAudits({ trx, organizationId: org, actor, at: now, rows: audits });
    return { created, closed: audits.length - created };
  });
}

interface Write {
  trx: Transaction<Database>;
  org: string;
  now: Date;
  today: string;
  actor: Actor;
}

/** Inserts a task for each fresh source date (once: tasks_source_key); the audit rows of those inserted. */
async function insertTasks(args: Write & { rows: readonly FreshRow[] }): Promise<AuditRow[]> {
  const { trx, org, now, today } = args;
  const stamp = now.toISOString();
  // One statement per chunk, its rows as one jsonb parameter: far cheaper than thousands of bound
  // parameters on PGlite, and the same on PostgreSQL.
  const audits: AuditRow[] = [];
  for (let i = 0; i < args.rows.length; i += INSERT_CHUNK) {
    const rows = args.rows.slice(i, i + INSERT_CHUNK).map((row) => ({
      id: newId('task', now.getTime()),
      organization_id: org,
      kind: row.kind,
      title: row.title,
      description: null,
      subject_id: row.subject_id,
      source: row.source,
      source_id: row.source_id,
      assignee_id: row.assignee_id,
      due_date: row.due_date,
      status: 'OPEN',
      recurrence_every: null,
      recurrence_unit: null,
      previous_task_id: null,
      completed_at: null,
      completed_by: null,
      completion_note: null,
      evidence_id: null,
      created_at: stamp,
      updated_at: stamp,
    }));
    const inserted = await sql<{ id: string }>`insert into tasks (id, organization_id, kind, title,
          subject_id, source, source_id, assignee_id, due_date, status, created_at, updated_at)
        select x.id, x.organization_id, x.kind, x.title, x.subject_id, x.source, x.source_id,
          x.assignee_id, x.due_date, x.status, x.created_at, x.updated_at
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, organization_id text,
          kind text, title text, subject_id text, source text, source_id text, assignee_id text,
          due_date date, status text, created_at timestamptz, updated_at timestamptz)
        on conflict on constraint tasks_source_key do nothing
        returning id`.execute(trx);
    const ids = new Set(inserted.rows.map((row) => row.id));
    for (const row of rows) {
      if (ids.has(row.id)) audits.push({ recordId: row.id, before: null, after: taskRecord(row, today) });
    }
  }
  return audits;
}

/**
 * Closes those of `staleIds` (open generated tasks found stale) that are still open and whose
 * source, read again under their row locks, still does not hold their date; the audit rows of
 * those closed.
 */
async function closeStale(args: Write & { staleIds: readonly string[] }): Promise<AuditRow[]> {
  const { trx, org, now, today, staleIds } = args;
  const stamp = now.toISOString();
  const audits: AuditRow[] = [];
  // Locked, so that a concurrent run closing the same task waits and then finds it closed.
  const locked = await trx
    .selectFrom('tasks')
    .selectAll()
    .where('organization_id', '=', org)
    .where('id', 'in', staleIds)
    .where('status', 'in', [...OPEN_STATUSES])
    .forUpdate()
    .execute();
  if (locked.length === 0) return audits;
  // The current dates of those tasks' sources only: the keyset predicate reaches each source's table.
  const sourceIds = [...new Set(locked.map((row) => row.source_id as string))];
  const current = await sql<{ source_id: string; kind: string; due_date: string }>`
    select s.source_id, s.kind, to_char(s.due_date, 'YYYY-MM-DD') as due_date
    from (${sourceRowsSql(org)}) s where s.source_id = any(${sourceIds}::text[])`.execute(trx);
  const dates = new Map<string, string[]>();
  for (const row of current.rows) {
    const key = `${row.kind} ${row.source_id}`;
    dates.set(key, [...(dates.get(key) ?? []), row.due_date]);
  }
  const stale = {
    rows: locked
      .filter((row) => !(dates.get(`${row.kind} ${row.source_id}`) ?? []).includes(row.due_date as string))
      .map((row) => {
        const later = (dates.get(`${row.kind} ${row.source_id}`) ?? []).sort();
        return { ...row, now_due: later[0] ?? null } as Record<string, unknown> & {
          id: string;
          now_due: string | null;
        };
      }),
  };
  for (const row of stale.rows) {
    const dueDate = row.due_date as string;
    const earlier = row.now_due !== null && row.now_due < dueDate;
    const note =
      row.now_due === null
        ? `Brought up to date: ${row.source} no longer asks for it.`
        : earlier
          ? `Superseded: ${row.source} moved earlier, to ${row.now_due}.`
          : `Brought up to date: ${row.source} moved to ${row.now_due}.`;
    const updated = await trx
      .updateTable('tasks')
      .set({
        status: earlier ? 'CANCELLED' : 'DONE',
        completed_at: stamp,
        completed_by: null,
        completion_note: note,
        updated_at: stamp,
      })
      .where('organization_id', '=', org)
      .where('id', '=', row.id)
      .where('status', 'in', [...OPEN_STATUSES])
      .returningAll()
      .executeTakeFirst();
    if (updated) {
      audits.push({ recordId: row.id, before: taskRecord(row, today), after: taskRecord(updated, today) });
    }
  }
  return audits;
}
