import type { Actor } from '../context.js';
import type { Repositories } from '../repositories.js';

/** Demo tasks made by hand; dates are days from the seed's today. `mine`: assigned to the owner. */
export const DEMO_TASKS = [
  {
    kind: 'ACCESS_REVIEW',
    title: 'Quarterly review of production admin access',
    description:
      'Export the admin group members from the identity provider and confirm each with their manager.',
    due: 9,
    recurrence: { every: 3, unit: 'MONTHS' },
  },
  {
    kind: 'CUSTOM',
    title: 'Send the security awareness training reminder',
    description: 'Five people have not finished this year’s training.',
    due: -4,
    recurrence: null,
  },
] as const;

/**
 * Seeds the demo organization's tasks: the ones its dates call for (generated, as every
 * organization gets them), and two made by hand and assigned to the owner, one of them overdue.
 */
export async function seedTasks(args: {
  repos: Repositories;
  organizationId: string;
  ownerUserId: string;
  actor: Actor;
  day: (offset: number) => string;
}): Promise<void> {
  for (const task of DEMO_TASKS) {
    await args.repos.tasks.create({
      organizationId: args.organizationId,
      actor: args.actor,
      data: {
        kind: task.kind,
        title: task.title,
        description: task.description,
        assignee_id: args.ownerUserId,
        due_date: args.day(task.due),
        status: 'OPEN',
        recurrence_every: task.recurrence?.every ?? null,
        recurrence_unit: task.recurrence?.unit ?? null,
      },
    });
  }
  await args.repos.tasks.generate({ organizationId: args.organizationId, actor: args.actor });
}
