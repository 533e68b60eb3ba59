import type { ControlRef, EvidenceInput } from '@comply/schemas';
import type { Transaction } from 'kysely';
import { toDateString } from '../../dates.js';
import type { Database } from '../../db/types.js';
import { invalidInput } from '../../errors.js';
import { newId } from '../../ids.js';
import { refuseFutureTimestamp } from '../not-future.js';
import { isRecordOf } from '../refs.js';

/** Checks every control exists in a framework of the organization; names the offending entry. */
export async function checkControls(args: {
  trx: Transaction<Database>;
  organizationId: string;
  controls: readonly ControlRef[];
}): Promise<void> {
  if (args.controls.length === 0) return;
  const frameworkIds = [...new Set(args.controls.map((c) => c.framework_id))];
  const known = await args.trx
    .selectFrom('framework_controls')
    .select(['framework_id', 'code'])
    .where('organization_id', '=', args.organizationId)
    .where('framework_id', 'in', frameworkIds)
    .execute();
  const frameworks = new Set(known.map((row) => row.framework_id));
  const codes = new Set(known.map((row) => `${row.framework_id}\u0000${row.code}`));
  for (const [index, control] of args.controls.entries()) {
    if (!frameworks.has(control.framework_id)) {
      const id = control.framework_id;
      if (
        !(await isRecordOf({ db: args.trx, table: 'frameworks', organizationId: args.organizationId, id }))
      ) {
        throw invalidInput(
          `controls.${index}.framework_id`,
          `\`controls.${index}.framework_id\` is not a framework of this organization.`,
        );
      }
    }
    if (!codes.has(`${control.framework_id}\u0000${control.control_code}`)) {
      throw invalidInput(
        `controls.${index}.control_code`,
        `\`controls.${index}.control_code\` ${control.control_code} is not a control of framework ${control.framework_id}.`,
      );
    }
  }
}

/** Replaces a measure's set of framework controls. */
export async function replaceControls(args: {
  trx: Transaction<Database>;
  organizationId: string;
  measureId: string;
  controls: readonly ControlRef[];
}): Promise<void> {
  await args.trx.deleteFrom('measure_controls').where('measure_id', '=', args.measureId).execute();
  const unique = new Map(args.controls.map((c) => [`${c.framework_id}\u0000${c.control_code}`, c]));
  if (unique.size === 0) return;
  await args.trx
    .insertInto('measure_controls')
    .values(
      [...unique.values()].map((c) => ({
        organization_id: args.organizationId,
        measure_id: args.measureId,
        framework_id: c.framework_id,
        control_code: c.control_code,
      })),
    )
    .execute();
}

/**
 * Refuses evidence collected in the future (beyond a few minutes of clock skew) and a valid_until
 * before the day it was collected, naming `<field>.<index>.collected_at` / `.valid_until`.
 */
function checkEvidence(args: { evidence: readonly EvidenceInput[]; now: string; field: string }): void {
  const now = new Date(args.now);
  for (const [index, e] of args.evidence.entries()) {
    const at = `${args.field}.${index}`;
    refuseFutureTimestamp({ field: `${at}.collected_at`, value: e.collected_at, now });
    const collectedDay = toDateString(new Date(e.collected_at ?? args.now));
    if (e.valid_until !== undefined && e.valid_until < collectedDay) {
      throw invalidInput(
        `${at}.valid_until`,
        `\`${at}.valid_until\` ${e.valid_until} is before the evidence was collected (${collectedDay}); it must be ${collectedDay} or later.`,
      );
    }
  }
}

/** Appends evidence to a measure; nothing is ever removed. `field` names the input list in errors. */
export async function appendEvidence(args: {
  trx: Transaction<Database>;
  organizationId: string;
  measureId: string;
  evidence: readonly EvidenceInput[];
  now: string;
  field: 'evidence' | 'add_evidence';
}): Promise<void> {
  if (args.evidence.length === 0) return;
  checkEvidence(args);
  // Records of the evidence register (docs/data-model.md, "Evidence"): URL when a URL is given,
  // else TEXT stating the title, each linked to this measure.
  const rows = args.evidence.map((e) => ({
    id: newId('evidence'),
    organization_id: args.organizationId,
    kind: e.url === undefined ? 'TEXT' : 'URL',
    title: e.title,
    url: e.url ?? null,
    text: e.url === undefined ? e.title : null,
    collected_at: e.collected_at ?? args.now,
    valid_until: e.valid_until ?? null,
    created_at: args.now,
    updated_at: args.now,
  }));
  await args.trx.insertInto('evidence').values(rows).execute();
  await args.trx
    .insertInto('evidence_measures')
    .values(
      rows.map((row) => ({
        organization_id: args.organizationId,
        evidence_id: row.id,
        measure_id: args.measureId,
      })),
    )
    .execute();
}
