import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { invalidInput } from '../../errors.js';
import { newId } from '../../ids.js';
import type { FrameworkControlInput } from './types.js';

/** Inserts new control codes and updates the title/description of existing ones; removes nothing. */
export async function upsertControls(args: {
  trx: Transaction<Database>;
  organizationId: string;
  frameworkId: string;
  controls: readonly FrameworkControlInput[];
  now: string;
}): Promise<void> {
  const codes = args.controls.map((control) => control.code);
  const duplicate = codes.find((code, index) => codes.indexOf(code) !== index);
  if (duplicate !== undefined) {
    throw invalidInput(
      'controls',
      `\`controls\` lists the code ${duplicate} twice; codes are unique within a framework.`,
    );
  }
  if (args.controls.length === 0) return;
  await args.trx
    .insertInto('framework_controls')
    .values(
      args.controls.map((control) => ({
        id: newId('control'),
        organization_id: args.organizationId,
        framework_id: args.frameworkId,
        code: control.code,
        title: control.title,
        description: control.description ?? null,
        created_at: args.now,
        updated_at: args.now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['organization_id', 'framework_id', 'code']).doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'),
        description: eb.ref('excluded.description'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
