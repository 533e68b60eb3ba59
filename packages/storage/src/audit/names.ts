import { sql } from 'kysely';
import type { StorageContext } from '../context.js';
import type { RegisterTable } from '../registers/kit.js';

type Names = Map<string, string>;

/**
 * The current names of records, people and tokens an activity page mentions, each lookup limited
 * to the ids given and, for an organization's records, to that organization.
 */
export function namesRepository(ctx: StorageContext) {
  return {
    /** Records of a register (or invitations) by id, named by `columns` joined by a space. */
    records: async (args: {
      table: RegisterTable | 'invitations';
      columns: readonly string[];
      organizationId: string;
      ids: readonly string[];
    }): Promise<Names> => {
      // These tables share id and organization_id; one query shape serves them all.
      const rows = await ctx.db
        .selectFrom(args.table as 'risks')
        .select(['id', ...args.columns.map((c, i) => sql.ref<string>(c).as(`c${i}`))])
        .where('organization_id', '=', args.organizationId)
        .where('id', 'in', args.ids)
        .execute();
      const name = (r: object) =>
        args.columns.map((_, i) => (r as Record<string, string>)[`c${i}`]).join(' ');
      return new Map(rows.map((r) => [r.id, name(r)]));
    },

    /** The organization's own name, when it is among `ids`. */
    organization: async (args: { organizationId: string; ids: readonly string[] }): Promise<Names> => {
      const rows = await ctx.db
        .selectFrom('organizations')
        .select(['id', 'name'])
        .where('id', '=', args.organizationId)
        .where('id', 'in', args.ids)
        .execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** The organization's memberships by id, named by their user's email. */
    memberships: async (args: { organizationId: string; ids: readonly string[] }): Promise<Names> => {
      const rows = await ctx.db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['memberships.id as id', 'users.email as email'])
        .where('memberships.organization_id', '=', args.organizationId)
        .where('memberships.id', 'in', args.ids)
        .execute();
      return new Map(rows.map((r) => [r.id, r.email]));
    },

    /** Users by id, as `Name (email)` or their email. */
    users: async ({ ids }: { ids: readonly string[] }): Promise<Names> => {
      if (ids.length === 0) return new Map();
      const rows = await ctx.db
        .selectFrom('users')
        .select(['id', 'email', 'name'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((u) => [u.id, u.name ? `${u.name} (${u.email})` : u.email]));
    },

    /** Tokens by id, by their name. */
    tokens: async ({ ids }: { ids: readonly string[] }): Promise<Names> => {
      if (ids.length === 0) return new Map();
      const rows = await ctx.db
        .selectFrom('api_tokens')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((t) => [t.id, t.name]));
    },
  };
}

/** The names repository's type. */
export type NamesRepository = ReturnType<typeof namesRepository>;
