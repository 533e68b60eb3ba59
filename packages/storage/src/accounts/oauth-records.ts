import type { StorageContext } from '../context.js';
import { deleteGrantRecords } from './oauth-grants.js';

/** One record of the OAuth authorization server, as its adapter contract stores it. */
export type OAuthPayload = Record<string, unknown>;

function epochSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/**
 * The OAuth authorization server's records (clients, interactions, codes, access and refresh
 * tokens, grants), one JSON payload per (model, id). Expired records are never returned; a
 * consumed record comes back with `consumed` set, so a replayed code or rotated refresh token is seen.
 */
export function oauthRecordsRepository(ctx: StorageContext) {
  const find = async (where: { model: string; id?: string; uid?: string }) => {
    let query = ctx.db
      .selectFrom('oauth_records')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', where.model);
    if (where.id !== undefined) query = query.where('id', '=', where.id);
    if (where.uid !== undefined) query = query.where('uid', '=', where.uid);
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at && row.expires_at.getTime() <= ctx.clock().getTime()) return undefined;
    return row.consumed_at ? { ...row.payload, consumed: epochSeconds(row.consumed_at) } : row.payload;
  };

  return {
    upsert: async (args: {
      model: string;
      id: string;
      payload: OAuthPayload;
      expiresInSeconds: number | undefined;
    }): Promise<void> => {
      const expiresAt = args.expiresInSeconds
        ? new Date(ctx.clock().getTime() + args.expiresInSeconds * 1000).toISOString()
        : null;
      const grantId = typeof args.payload.grantId === 'string' ? args.payload.grantId : null;
      const uid = typeof args.payload.uid === 'string' ? args.payload.uid : null;
      const payload = JSON.stringify(args.payload);
      await ctx.db
        .insertInto('oauth_records')
        .values({ model: args.model, id: args.id, payload, grant_id: grantId, uid, expires_at: expiresAt })
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({ payload, grant_id: grantId, uid, expires_at: expiresAt }),
        )
        .execute();
    },

    find: (args: { model: string; id: string }) => find(args),

    findByUid: (args: { model: string; uid: string }) => find(args),

    /** Marks a record used (a code redeemed, a refresh token rotated); the first use wins. */
    consume: async (args: { model: string; id: string }): Promise<void> => {
      await ctx.db
        .updateTable('oauth_records')
        .set({ consumed_at: ctx.clock().toISOString() })
        .where('model', '=', args.model)
        .where('id', '=', args.id)
        .where('consumed_at', 'is', null)
        .execute();
    },

    destroy: async (args: { model: string; id: string }): Promise<void> => {
      await ctx.db
        .deleteFrom('oauth_records')
        .where('model', '=', args.model)
        .where('id', '=', args.id)
        .execute();
    },

    /** Deletes every record of a grant (its codes, access and refresh tokens, the grant itself). */
    revokeByGrantId: (args: { grantId: string }): Promise<void> =>
      deleteGrantRecords({ db: ctx.db, grantId: args.grantId }),

    /**
     * The payload stored under (model, id), storing `create()` first when there is none; instances
     * starting together all read the one that won (signing keys, cookie keys).
     */
    ensure: async (args: {
      model: string;
      id: string;
      create: () => OAuthPayload;
    }): Promise<OAuthPayload> => {
      await ctx.db
        .insertInto('oauth_records')
        .values({ model: args.model, id: args.id, payload: JSON.stringify(args.create()) })
        .onConflict((oc) => oc.columns(['model', 'id']).doNothing())
        .execute();
      const row = await ctx.db
        .selectFrom('oauth_records')
        .select('payload')
        .where('model', '=', args.model)
        .where('id', '=', args.id)
        .executeTakeFirstOrThrow();
      return row.payload;
    },

    /** Deletes records whose expiry has passed. */
    prune: async (): Promise<number> => {
      const result = await ctx.db
        .deleteFrom('oauth_records')
        .where('expires_at', '<=', ctx.clock())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** The OAuth records repository's type. */
export type OAuthRecordsRepository = ReturnType<typeof oauthRecordsRepository>;
