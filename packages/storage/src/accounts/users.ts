import type { StorageContext } from '../context.js';
import { toIsoTimestamp } from '../dates.js';
import { invalidInput } from '../errors.js';
import { newId } from '../ids.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

/** A user account (never includes the password hash). */
export interface User {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
  updated_at: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function toUser(row: {
  id: string;
  email: string;
  name: string | null;
  created_at: Date;
  updated_at: Date;
}): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}

/** User accounts; emails are unique case-insensitively, passwords hashed with scrypt. */
export function usersRepository(ctx: StorageContext) {
  const columns = ['id', 'email', 'name', 'created_at', 'updated_at'] as const;
  const findRow = (email: string) =>
    ctx.db
      .selectFrom('users')
      .select([...columns, 'password_hash'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .executeTakeFirst();

  return {
    create: async (args: { email: string; password: string; name?: string | null }): Promise<User> => {
      const email = args.email.trim();
      if (!EMAIL.test(email)) throw invalidInput('email', '`email` must be an email address.');
      if (args.password.length < 8)
        throw invalidInput('password', '`password` must have at least 8 characters.');
      const now = ctx.clock().toISOString();
      const row = await ctx.db
        .insertInto('users')
        .values({
          id: newId('user'),
          email,
          name: args.name ?? null,
          password_hash: await hashPassword(args.password),
          created_at: now,
          updated_at: now,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toUser(row);
    },

    get: async (args: { id: string }): Promise<User | null> => {
      const row = await ctx.db
        .selectFrom('users')
        .select(columns)
        .where('id', '=', args.id)
        .executeTakeFirst();
      return row ? toUser(row) : null;
    },

    findByEmail: async (args: { email: string }): Promise<User | null> => {
      const row = await findRow(args.email);
      return row ? toUser(row) : null;
    },

    /** The user when the password matches, otherwise null (unknown email or wrong password alike). */
    verifyPassword: async (args: { email: string; password: string }): Promise<User | null> => {
      const row = await findRow(args.email);
      if (!row) {
        await verifyAgainstDummy(args.password);
        return null;
      }
      return (await verifyPassword({ password: args.password, hash: row.password_hash }))
        ? toUser(row)
        : null;
    },

    setPassword: async (args: { userId: string; password: string }): Promise<void> => {
      if (args.password.length < 8)
        throw invalidInput('password', '`password` must have at least 8 characters.');
      await ctx.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(args.password), updated_at: ctx.clock().toISOString() })
        .where('id', '=', args.userId)
        .execute();
    },

    count: async (): Promise<number> => {
      const row = await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The id of the instance's only user, or null when there are none or several. */
    soleId: async (): Promise<string | null> => {
      const rows = await ctx.db.selectFrom('users').select('id').limit(2).execute();
      return rows.length === 1 ? rows[0]!.id : null;
    },
  };
}

/** The users repository's type. */
export type UsersRepository = ReturnType<typeof usersRepository>;
