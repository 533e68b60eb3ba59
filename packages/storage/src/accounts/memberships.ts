import type { Transaction } from 'kysely';
import { appendAudit } from '../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../context.js';
import { toIsoOrNull, toIsoTimestamp } from '../dates.js';
import type { Database, Db } from '../db/types.js';
import type { Role } from '../enums.js';
import { notFound, StorageError } from '../errors.js';
import { newId } from '../ids.js';
import { accessExpiry, EXPIRING_ROLE } from './access-expiry.js';
import { capAuditorTokens } from './auditor-tokens.js';

/** A member of an organization. */
export interface Membership {
  id: string;
  organization_id: string;
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  /** When the access ends (an AUDITOR's); null for every other role. */
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

const MEMBER_COLUMNS = [
  'memberships.id',
  'memberships.organization_id',
  'memberships.user_id',
  'users.email',
  'users.name',
  'memberships.role',
  'memberships.expires_at',
  'memberships.created_at',
  'memberships.updated_at',
] as const;

function toMembership(row: {
  id: string;
  organization_id: string;
  user_id: string;
  email: string;
  name: string | null;
  role: string;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}): Membership {
  return {
    ...row,
    role: row.role as Role,
    expires_at: toIsoOrNull(row.expires_at),
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}

/** The role of `userId` in the organization, or null when they are not one of its members. */
export async function memberRole(args: {
  db: Db;
  organizationId: string;
  userId: string;
}): Promise<Role | null> {
  return (await load(args))?.role ?? null;
}

async function load(args: { db: Db; organizationId: string; userId: string }): Promise<Membership | null> {
  const row = await args.db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(MEMBER_COLUMNS)
    .where('memberships.organization_id', '=', args.organizationId)
    .where('memberships.user_id', '=', args.userId)
    .executeTakeFirst();
  return row ? toMembership(row) : null;
}

/** Who becomes a member with which role, and an AUDITOR's end of access. */
interface MemberRole {
  organizationId: string;
  userId: string;
  role: Role;
  expiresAt?: string | null;
  actor: Actor;
}

/** The member's end of access as stored: checked against the role, written at `now`. */
function memberExpiry(args: MemberRole, now: string): string | null {
  return accessExpiry({
    role: args.role,
    expiresAt: args.expiresAt,
    now: new Date(now),
    field: 'expires_at',
  });
}

async function refuseLastOwner(args: {
  trx: Transaction<Database>;
  organizationId: string;
  userId: string;
}): Promise<void> {
  // Lock the organization's owner rows so two concurrent demotions cannot both pass.
  const owners = await args.trx
    .selectFrom('memberships')
    .select('user_id')
    .where('organization_id', '=', args.organizationId)
    .where('role', '=', 'OWNER')
    .forUpdate()
    .execute();
  if (owners.length === 1 && owners[0]?.user_id === args.userId) {
    throw new StorageError({
      code: 'CONFLICT',
      field: 'user_id',
      message: 'An organization must keep at least one OWNER.',
    });
  }
}

/** Who belongs to an organization and with which role. */
export function membershipsRepository(ctx: StorageContext) {
  const write = async (args: {
    organizationId: string;
    userId: string;
    actor: Actor;
    change: (trx: Transaction<Database>, before: Membership | null, now: string) => Promise<void>;
  }): Promise<Membership | null> => {
    const written = await inTransaction(ctx.db, async (trx) => {
      const at = ctx.clock();
      const before = await load({ db: trx, organizationId: args.organizationId, userId: args.userId });
      await args.change(trx, before, at.toISOString());
      const after = await load({ db: trx, organizationId: args.organizationId, userId: args.userId });
      const recordId = (after ?? before)?.id ?? args.userId;
      await appendAudit({
        trx,
        organizationId: args.organizationId,
        actor: args.actor,
        recordType: 'membership',
        recordId,
        before,
        after,
        at,
      });
      return after;
    });
    ctx.changes.authChanged();
    return written;
  };

  return {
    /** Adds a member; an AUDITOR's `expiresAt` is required (at most a year ahead), others take none. */
    add: async (args: MemberRole): Promise<Membership> =>
      (await write({
        ...args,
        change: async (trx, before, now) => {
          if (before)
            throw new StorageError({
              code: 'CONFLICT',
              field: 'user_id',
              message: 'The user is already a member.',
            });
          const expiresAt = memberExpiry(args, now);
          await trx
            .insertInto('memberships')
            .values({
              id: newId('membership'),
              organization_id: args.organizationId,
              user_id: args.userId,
              role: args.role,
              expires_at: expiresAt,
              created_at: now,
              updated_at: now,
            })
            .execute();
        },
      }))!,

    /**
     * Changes a member's role, and an AUDITOR's end of access (`expiresAt`, required for that role,
     * none for the others: changing an auditor to another role ends the end). The auditor's tokens
     * for this organization alone are cut back to the new end.
     */
    changeRole: async (args: MemberRole): Promise<Membership> =>
      (await write({
        ...args,
        change: async (trx, before, now) => {
          if (!before) throw notFound('membership', args.userId);
          if (before.role === 'OWNER' && args.role !== 'OWNER') await refuseLastOwner({ trx, ...args });
          const expiresAt = memberExpiry(args, now);
          await trx
            .updateTable('memberships')
            .set({ role: args.role, expires_at: expiresAt, updated_at: now })
            .where('organization_id', '=', args.organizationId)
            .where('user_id', '=', args.userId)
            .execute();
          if (args.role === EXPIRING_ROLE && expiresAt) await capAuditorTokens({ trx, ...args, expiresAt });
        },
      }))!,

    /** Removes a member; the last OWNER cannot be removed (CONFLICT). */
    remove: async (args: { organizationId: string; userId: string; actor: Actor }): Promise<void> => {
      await write({
        ...args,
        change: async (trx, before) => {
          if (!before) throw notFound('membership', args.userId);
          if (before.role === 'OWNER') await refuseLastOwner({ trx, ...args });
          await trx
            .deleteFrom('memberships')
            .where('organization_id', '=', args.organizationId)
            .where('user_id', '=', args.userId)
            .execute();
        },
      });
    },

    get: (args: { organizationId: string; userId: string }): Promise<Membership | null> =>
      load({ db: ctx.db, ...args }),

    /** Every member, auditors whose access ended included (their `expires_at` is past). */
    list: async (args: { organizationId: string }): Promise<Membership[]> => {
      const rows = await ctx.db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(MEMBER_COLUMNS)
        .where('memberships.organization_id', '=', args.organizationId)
        .orderBy('users.email')
        .execute();
      return rows.map(toMembership);
    },
  };
}

/** The memberships repository's type. */
export type MembershipsRepository = ReturnType<typeof membershipsRepository>;
