// Created by `npm run generate` from specs/tools/completeTask.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf } from '../registers.js';

/** Complete a task: DONE with a note and optional evidence; a recurring task gets its next occurrence. */
export const completeTask: ToolHandler<'completeTask'> = (ctx, args) =>
  ctx.storage.tasks.complete({
    organizationId: organizationOf(ctx),
    actor: ctx.actor,
    id: args.task_id,
    note: args.note,
    evidenceId: args.evidence_id,
  });
