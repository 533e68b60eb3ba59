import type { Task } from '@comply/schemas';
import { type RegisterTable, registers } from '@comply/schemas/registers';
import { sql, type Transaction } from 'kysely';
import { memberRole } from '../accounts/memberships.js';
import { appendAudit } from '../audit/append.js';
import type { Actor, StorageContext } from '../context.js';
import { toDateString } from '../dates.js';
import type { Database, Db } from '../db/types.js';
import { invalidInput, StorageError } from '../errors.js';
import { newId } from '../ids.js';
import { BY_TIMESTAMPS, compare, defineRegister, holds, inList, search } from './define.js';
import { isRecordOf } from './refs.js';
import { GENERATOR_ACTOR, type GenerationResult, generateTasks } from './tasks/generate.js';
import { OPEN_STATUSES, taskRecord } from './tasks/record.js';
import { nextDueDate } from './tasks/recurrence.js';

export { GENERATION_HORIZON_DAYS, generateTasks } from './tasks/generate.js';
export { TASK_SOURCES, type TaskSource } from './tasks/sources.js';

const TABLE_BY_PREFIX: ReadonlyMap<string, RegisterTable> = new Map(
  Object.values(registers).map((r) => [r.idPrefix, r.table]),
);

/** A task's subject is a record of any register of the organization. */
async function checkSubject(trx: Transaction<Database>, organizationId: string, id: string): Promise<void> {
  const table = TABLE_BY_PREFIX.get(id.slice(0, id.indexOf('_')));
  const found =
    table &&
    (await trx
      .selectFrom(table)
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('id', '=', id)
      .executeTakeFirst());
  if (!found) {
    throw invalidInput(
      'subject_id',
      `\`subject_id\` ${id} is not a record of this organization; give the id of a risk, vendor, measure, asset or other register record (e.g. vnd_…) from its list tool.`,
    );
  }
}

/** A task's assignee is an account that is a member of the organization, other than an auditor (who only reads). */
async function checkAssignee(trx: Transaction<Database>, organizationId: string, id: string): Promise<void> {
  const role = await memberRole({ db: trx, organizationId, userId: id });
  if (role === 'AUDITOR') {
    throw invalidInput(
      'assignee_id',
      `\`assignee_id\` ${id} is an auditor of this organization, who reads only and cannot complete tasks; assign another member.`,
    );
  }
  if (!role) {
    throw invalidInput(
      'assignee_id',
      `\`assignee_id\` ${id} is not a member of this organization; give the account id (usr_…) of a member.`,
    );
  }
}

/** Evidence a completion refers to is a piece of evidence of the organization. */
async function checkEvidence(trx: Db, organizationId: string, id: string): Promise<void> {
  if (!(await isRecordOf({ db: trx, table: 'evidence', organizationId, id }))) {
    throw invalidInput(
      'evidence_id',
      `\`evidence_id\` ${id} is not evidence of this organization; give an evidence id (evd_…) from listEvidence.`,
    );
  }
}

function checkRecurrence(every: unknown, unit: unknown): void {
  if ((every === null || every === undefined) !== (unit === null || unit === undefined)) {
    throw invalidInput(
      every === null || every === undefined ? 'recurrence_every' : 'recurrence_unit',
      'A recurring task needs both `recurrence_every` and `recurrence_unit` (e.g. 3 and MONTHS); give both, or null both to stop it recurring.',
    );
  }
}

/** A completion's columns, set only by completeTask (the update tool's schema has none of them). */
interface Completion {
  completed_at: string;
  completed_by: string | null;
  completion_note: string | null;
  evidence_id: string | null;
}

const isCompletion = (patch: object): boolean => 'completed_at' in patch;

/** The next occurrence of a recurring task just completed, created once (tasks_previous_key). */
async function nextOccurrence(args: {
  trx: Transaction<Database>;
  organizationId: string;
  before: Task;
  now: string;
  actor: Actor;
}): Promise<void> {
  const { trx, organizationId, before, now } = args;
  if (before.recurrence_every === null || before.recurrence_unit === null) return;
  const dueDate = nextDueDate({
    from: before.due_date,
    every: before.recurrence_every,
    unit: before.recurrence_unit,
    after: now.slice(0, 10),
  });
  const row = await trx
    .insertInto('tasks')
    .values({
      id: newId('task', Date.parse(now)),
      organization_id: organizationId,
      kind: before.kind,
      title: before.title,
      description: before.description,
      subject_id: before.subject_id,
      assignee_id: before.assignee_id,
      due_date: dueDate,
      status: 'OPEN',
      recurrence_every: before.recurrence_every,
      recurrence_unit: before.recurrence_unit,
      previous_task_id: before.id,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.constraint('tasks_previous_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return;
  await appendAudit({
    trx,
    organizationId,
    actor: args.actor,
    recordType: 'task',
    recordId: row.id,
    before: null,
    after: taskRecord(row, now.slice(0, 10)),
    at: new Date(now),
  });
}

// The actor of the completion being written, for the next occurrence's audit entry.
const completingActor = new WeakMap<object, Actor>();

const base = defineRegister({
  register: 'tasks',
  computed: {
    overdue: ({ today }) =>
      sql`(tasks.due_date < ${today}::date and tasks.status in (${sql.join([...OPEN_STATUSES])}))`,
  },
  filters: {
    assignee: (value, c) => {
      if (value === 'mine') {
        throw invalidInput(
          'assignee',
          "`assignee` 'mine' needs a signed-in caller; give an account id (usr_…).",
        );
      }
      return sql`${c.column('assignee_id')} = ${value}`;
    },
    due_before: compare('due_date', '<'),
    overdue: holds('overdue'),
    kind: inList('kind'),
    status: inList('status'),
    query: search('title', 'description'),
  },
  order: {
    keys: { due_date: 'column', title: 'lower', ...BY_TIMESTAMPS },
  },
  defaults: { kind: 'CUSTOM', status: 'OPEN' },
  check: ({ data }) => {
    if (isCompletion(data)) return;
    if (data.status === 'DONE') {
      throw invalidInput(
        'status',
        '`status` DONE is set by completeTask, which records who completed the task and when; use OPEN, IN_PROGRESS or CANCELLED here.',
      );
    }
  },
  values: ({ values }) => {
    checkRecurrence(values.recurrence_every, values.recurrence_unit);
    return values;
  },
  needsTransaction: (input) =>
    typeof input.assignee_id === 'string' ||
    typeof input.subject_id === 'string' ||
    input.status !== undefined ||
    input.recurrence_every !== undefined ||
    input.recurrence_unit !== undefined ||
    isCompletion(input),
  insertValues: async ({ trx, organizationId, data }) => {
    if (typeof data.assignee_id === 'string') await checkAssignee(trx, organizationId, data.assignee_id);
    if (typeof data.subject_id === 'string') await checkSubject(trx, organizationId, data.subject_id);
    return {};
  },
  beforeUpdate: async ({ trx, organizationId, patch, before }) => {
    if (typeof patch.assignee_id === 'string') await checkAssignee(trx, organizationId, patch.assignee_id);
    if (typeof patch.subject_id === 'string') await checkSubject(trx, organizationId, patch.subject_id);
    const completion = patch as Partial<Completion>;
    if (isCompletion(patch) && before.status === 'CANCELLED') {
      throw invalidInput(
        'task_id',
        `Task ${before.id} is CANCELLED; set its status to OPEN with updateTask to complete it.`,
      );
    }
    if (typeof completion.evidence_id === 'string')
      await checkEvidence(trx, organizationId, completion.evidence_id);
  },
  patchColumns: ({ before, columns }) => {
    const pick = (field: 'recurrence_every' | 'recurrence_unit') =>
      field in columns ? columns[field] : before[field];
    checkRecurrence(pick('recurrence_every'), pick('recurrence_unit'));
    if (isCompletion(columns) && before.status === 'DONE') return {};
    // Reopened: the completion no longer holds.
    if (before.status === 'DONE' && (columns.status === 'OPEN' || columns.status === 'IN_PROGRESS')) {
      return { ...columns, completed_at: null, completed_by: null, completion_note: null, evidence_id: null };
    }
    return columns;
  },
  afterUpdate: async ({ trx, organizationId, patch, before, now }) => {
    const actor = completingActor.get(patch);
    if (actor && before.status !== 'DONE') await nextOccurrence({ trx, organizationId, before, now, actor });
  },
});

/** The last generation's data version and day per organization, per change feed (one per Storage). */
const generated = new WeakMap<object, Map<string, { version: number; today: string }>>();

/**
 * The tasks register (docs/data-model.md, "Tasks"): the plain repository, plus generation from the
 * dates other registers hold and completion.
 */
export const tasksRepository = Object.assign(
  (ctx: StorageContext) => {
    const repository = base(ctx);
    const seen = generated.get(ctx.changes) ?? new Map<string, { version: number; today: string }>();
    generated.set(ctx.changes, seen);
    return {
      ...repository,
      /** generateTasks for one organization now (see tasks/generate.ts). */
      generate: (args: {
        organizationId: string;
        actor?: Actor;
        now?: Date;
        window?: number;
      }): Promise<GenerationResult> =>
        generateTasks({
          ctx,
          organizationId: args.organizationId,
          now: args.now ?? ctx.clock(),
          actor: args.actor,
          window: args.window,
        }),
      /**
       * Catch-up before tasks are read: generation, skipped when this process knows the
       * organization's data has not changed since the last one today (its change feed is live).
       */
      catchUp: async (args: { organizationId: string; actor?: Actor }): Promise<GenerationResult | null> => {
        const now = ctx.clock();
        const today = toDateString(now);
        const version = ctx.changes.dataVersion(args.organizationId);
        const last = seen.get(args.organizationId);
        if (version !== undefined && last && last.version === version && last.today === today) return null;
        // The system's write, not the caller's: no account or token, the caller's channel.
        const actor: Actor = {
          userId: null,
          tokenId: null,
          source: args.actor?.source ?? GENERATOR_ACTOR.source,
          action: 'generateTasks',
        };
        const result = await generateTasks({ ctx, organizationId: args.organizationId, now, actor });
        const after = ctx.changes.dataVersion(args.organizationId);
        if (after !== undefined) seen.set(args.organizationId, { version: after, today });
        return result;
      },
      /**
       * Completes a task: DONE with who, when, a note and optional evidence; a recurring task's
       * next occurrence is created in the same transaction, once. Completing a DONE task returns it
       * unchanged (a retry); a CANCELLED one is refused.
       */
      complete: async (args: {
        organizationId: string;
        actor: Actor;
        id: string;
        note?: string | undefined;
        evidenceId?: string | undefined;
      }): Promise<Task> => {
        const current = await repository.get({ organizationId: args.organizationId, id: args.id });
        if (!current) {
          throw new StorageError({
            code: 'NOT_FOUND',
            field: 'task_id',
            message: `No task with id ${args.id}.`,
          });
        }
        // A repeated completion returns the task as it is, but its evidence is still checked: an id
        // from another organization is refused the same whether or not the task was done already.
        if (current.status === 'DONE') {
          if (args.evidenceId) await checkEvidence(ctx.db, args.organizationId, args.evidenceId);
          return current;
        }
        const patch: Completion & { status: 'DONE' } = {
          status: 'DONE',
          completed_at: ctx.clock().toISOString(),
          completed_by: args.actor.userId,
          completion_note: args.note?.trim() ? args.note.trim() : null,
          evidence_id: args.evidenceId ?? null,
        };
        completingActor.set(patch, args.actor);
        return repository.update({
          organizationId: args.organizationId,
          actor: args.actor,
          id: args.id,
          patch: patch as never,
        });
      },
    };
  },
  { order: base.order, where: base.where },
);

/** The tasks repository's type. */
export type TasksRepository = ReturnType<typeof tasksRepository>;
