import type { Task } from '@comply/schemas';
import { toIsoOrNull } from '../../dates.js';

/** The statuses of a task still to do: the only ones that can be overdue, reminded or closed. */
export const OPEN_STATUSES = ['OPEN', 'IN_PROGRESS'] as const;

/** A `tasks` row (as the drivers return it) as the wire record, `overdue` evaluated at `today`. */
export function taskRecord(row: Record<string, unknown>, today: string): Task {
  const status = row.status as Task['status'];
  const dueDate = row.due_date as string;
  return {
    id: row.id as string,
    organization_id: row.organization_id as string,
    kind: row.kind as Task['kind'],
    title: row.title as string,
    description: (row.description as string | null) ?? null,
    subject_id: (row.subject_id as string | null) ?? null,
    source: (row.source as string | null) ?? null,
    assignee_id: (row.assignee_id as string | null) ?? null,
    due_date: dueDate,
    status,
    overdue: dueDate < today && (OPEN_STATUSES as readonly string[]).includes(status),
    recurrence_every: (row.recurrence_every as number | null) ?? null,
    recurrence_unit: (row.recurrence_unit as Task['recurrence_unit']) ?? null,
    previous_task_id: (row.previous_task_id as string | null) ?? null,
    completed_at: toIsoOrNull((row.completed_at as Date | string | null) ?? null),
    completed_by: (row.completed_by as string | null) ?? null,
    completion_note: (row.completion_note as string | null) ?? null,
    evidence_id: (row.evidence_id as string | null) ?? null,
    created_at: toIsoOrNull(row.created_at as Date | string) as string,
    updated_at: toIsoOrNull(row.updated_at as Date | string) as string,
    archived_at: toIsoOrNull((row.archived_at as Date | string | null) ?? null),
  };
}
