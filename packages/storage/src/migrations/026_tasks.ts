import { taskKindSchema, taskRecurrenceUnitSchema, taskStatusSchema } from '@comply/schemas';
import { sql } from 'kysely';
import { orgChangeTriggers } from './006_change_notify.js';
import { type Migration, oneOf, run } from './types.js';

/**
 * Tasks (docs/data-model.md, "Tasks"): work items with a due date, made by hand or generated from
 * the dates other registers hold. `tasks_source_key` makes generation idempotent: one task per
 * (organization, source record, kind, due date), whichever instance or connection generates it
 * (NULL source ids — tasks made by hand — never conflict). `tasks_previous_key` lets a recurring
 * task's completion create its next occurrence once. `tasks_assignee_due_idx` serves "tasks due
 * within N days or overdue, per assignee" (reminders) and "My tasks".
 */
export const tasks: Migration = {
  version: 26,
  name: 'tasks',
  up: async (trx) => {
    await run(trx, [
      sql`create table tasks (
        id text primary key,
        organization_id text not null references organizations (id),
        kind text not null check (kind in ${oneOf(taskKindSchema.options)}),
        title text not null constraint tasks_title_check check (char_length(title) between 1 and 200),
        description text,
        subject_id text,
        source text,
        source_id text,
        assignee_id text references users (id),
        due_date date not null,
        status text not null check (status in ${oneOf(taskStatusSchema.options)}),
        recurrence_every integer check (recurrence_every between 1 and 1000),
        recurrence_unit text check (recurrence_unit in ${oneOf(taskRecurrenceUnitSchema.options)}),
        previous_task_id text,
        completed_at timestamptz,
        completed_by text references users (id),
        completion_note text,
        evidence_id text,
        archived_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint tasks_org_id_key unique (organization_id, id),
        constraint tasks_recurrence_check check ((recurrence_every is null) = (recurrence_unit is null)),
        constraint tasks_source_key unique (organization_id, source_id, kind, due_date),
        constraint tasks_previous_key unique (previous_task_id),
        constraint tasks_previous_fkey foreign key (organization_id, previous_task_id)
          references tasks (organization_id, id))`,
      sql`create index tasks_due_idx on tasks (organization_id, due_date, id)`,
      sql`create index tasks_assignee_due_idx on tasks (assignee_id, due_date)
        where status in ('OPEN', 'IN_PROGRESS')`,
      sql`create index tasks_open_source_idx on tasks (organization_id, source_id)
        where source_id is not null and status in ('OPEN', 'IN_PROGRESS')`,
      sql`create index tasks_title_idx on tasks (organization_id, lower(title), id)`,
      sql`create index tasks_created_idx on tasks (organization_id, created_at, id)`,
      sql`create index tasks_updated_idx on tasks (organization_id, updated_at, id)`,
      sql`create index tasks_status_idx on tasks (organization_id, status, due_date)`,
      sql`create index tasks_subject_idx on tasks (organization_id, subject_id)`,
      ...orgChangeTriggers('tasks'),
    ]);
  },
};
