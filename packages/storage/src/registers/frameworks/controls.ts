import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { invalidInput } from '../../errors.js';
import { newId } from '../../ids.js';
import type { FrameworkControlInput } from './types.js';

/**
 * Inserts new control codes (positioned after the existing ones, in input order) and updates the
 * title/description of existing ones; removes nothing. Rows travel as JSON parameters, CHUNK per
 * statement: embedded PGlite runs each statement on the event loop, so a catalog of thousands of
 * controls is a few short statements with other requests' turns between them, not one long one.
 */
const CHUNK = 250;

export async function upsertControls(args: {
  trx: Transaction<Database>;
  organizationId: string;
  frameworkId: string;
  controls: readonly FrameworkControlInput[];
  now: string;
}): Promise<void> {
  const codes = args.controls.map((control) => control.code);
  const seen = new Set<string>();
  for (const code of codes) {
    if (seen.has(code)) {
      throw invalidInput(
        'controls',
        `\`controls\` lists the code ${code} twice; codes are unique within a framework.`,
      );
    }
    seen.add(code);
  }
  if (args.controls.length === 0) return;
  const { next } = await args.trx
    .selectFrom('framework_controls')
    .select(sql<number>`coalesce(max(position) + 1, 0)::int`.as('next'))
    .where('organization_id', '=', args.organizationId)
    .where('framework_id', '=', args.frameworkId)
    .executeTakeFirstOrThrow();
  const rows = args.controls.map((control, index) => ({
    id: newId('control'),
    code: control.code,
    title: control.title,
    description: control.description ?? null,
    family: control.family ?? null,
    family_id: control.family_id ?? null,
    oscal_id: control.oscal_id ?? null,
    parent_code: control.parent_code ?? null,
    statement: control.statement ?? null,
    guidance: control.guidance ?? null,
    parameters: control.parameters ?? [],
    baselines: control.baselines ?? [],
    position: Number(next) + index,
  }));
  for (let start = 0; start < rows.length; start += CHUNK) {
    if (start > 0) await nextTurn();
    await insertRows({ ...args, rows: rows.slice(start, start + CHUNK) });
  }
}

async function insertRows(args: {
  trx: Transaction<Database>;
  organizationId: string;
  frameworkId: string;
  rows: object[];
  now: string;
}): Promise<void> {
  const { rows } = args;
  await sql`insert into framework_controls (id, organization_id, framework_id, code, title, description,
      family, family_id, oscal_id, parent_code, statement, guidance, parameters, baselines, position,
      created_at, updated_at)
    select r.id, ${args.organizationId}, ${args.frameworkId}, r.code, r.title, r.description,
      r.family, r.family_id, r.oscal_id, r.parent_code, r.statement, r.guidance, r.parameters,
      r.baselines, r.position, ${args.now}::timestamptz, ${args.now}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, code text, title text,
      description text, family text, family_id text, oscal_id text, parent_code text, statement text,
      guidance text, parameters jsonb, baselines text[], position integer)
    on conflict (organization_id, framework_id, code) do update set
      title = excluded.title, description = excluded.description, updated_at = excluded.updated_at`.execute(
    args.trx,
  );
}
