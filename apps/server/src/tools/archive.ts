import { type RegisterName, registers, type ToolOutputs } from '@comply/schemas';
import type { Actor } from '@comply/storage';
import { type ToolContext, ToolError } from './handler.js';
import { organizationOf } from './registers.js';

/** The repository method archiveRecord and restoreRecord call, with the record's shape erased. */
interface Archivable {
  archive(args: {
    organizationId: string;
    actor: Actor;
    id: string;
    archived: boolean;
  }): Promise<{ id: string; archived_at?: string | null; updated_at: string }>;
}

const BY_PREFIX: ReadonlyMap<string, RegisterName> = new Map(
  (Object.keys(registers) as RegisterName[]).map((name) => [registers[name].idPrefix, name]),
);

/**
 * archiveRecord (`archived`) and restoreRecord: the register from the id's prefix, the write in
 * its repository (row lock, archived_at, audit entry). The tool core has already found the record
 * among the caller's organizations (else NOT_FOUND) and checked write access there.
 */
export async function setArchived(
  ctx: ToolContext,
  args: { id: string },
  archived: boolean,
): Promise<ToolOutputs['archiveRecord']> {
  const register = BY_PREFIX.get(args.id.slice(0, args.id.indexOf('_')));
  if (!register) {
    throw new ToolError({
      code: 'NOT_FOUND',
      field: 'id',
      message: `No record with id \`${args.id}\` was found.`,
    });
  }
  if (!(registers[register] as { archive: boolean }).archive) {
    throw new ToolError({
      code: 'INVALID_INPUT',
      field: 'id',
      message: `${registers[register].plural} records cannot be archived or restored; only records of ${archivableNames()} can.`,
    });
  }
  const repository = ctx.storage[register] as unknown as Archivable;
  const record = await repository.archive({
    organizationId: organizationOf(ctx),
    actor: ctx.actor,
    id: args.id,
    archived,
  });
  return { id: record.id, register, archived_at: record.archived_at ?? null, updated_at: record.updated_at };
}

function archivableNames(): string {
  return (Object.keys(registers) as RegisterName[])
    .filter((name) => (registers[name] as { archive: boolean }).archive)
    .join(', ');
}
