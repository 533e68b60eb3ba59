// Created by `npm run generate` from specs/tools/recordTestRun.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf } from '../registers.js';

/** Records an immutable run of a control test, optionally raising a nonconformity from its exceptions. */
export const recordTestRun: ToolHandler<'recordTestRun'> = (ctx, args) =>
  ctx.storage.control_tests.recordRun({
    organizationId: organizationOf(ctx),
    actor: ctx.actor,
    controlTestId: args.control_test_id,
    periodStart: args.period_start,
    periodEnd: args.period_end,
    performedBy: args.performed_by,
    performedAt: args.performed_at,
    samplesTested: args.samples_tested,
    result: args.result,
    notes: args.notes,
    exceptions: args.exceptions,
    evidenceIds: args.evidence_ids,
    raiseNonconformity: args.raise_nonconformity,
    idempotencyKey: args.idempotency_key,
  });
