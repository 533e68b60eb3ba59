import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { appendAudit } from '../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../context.js';
import { toIsoOrNull, toIsoTimestamp } from '../dates.js';
import type { Db } from '../db/types.js';
import type { Role, TokenScope } from '../enums.js';
import { invalidInput, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { ApiToken, ApiTokenWithUsage, Authentication } from './token-types.js';

/** Every token secret starts with this. */
export const TOKEN_SECRET_PREFIX = 'comply_pat_';
const DISPLAY_PREFIX_LENGTH = 16;
const HOUR = 3_600_000;

/** sha256 hex: right for ≥32 random bytes (a slow hash protects guessable passwords, not these). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

const restrictionIds = sql<
  string[]
>`(select coalesce(jsonb_agg(o.organization_id order by o.organization_id), '[]'::jsonb)
  from api_token_organizations o where o.token_id = t.id)`;

function selectTokens(db: Db) {
  return db
    .selectFrom('api_tokens as t')
    .select([
      't.id',
      't.user_id',
      't.name',
      't.prefix',
      't.scope',
      't.org_restricted',
      't.expires_at',
      't.revoked_at',
      't.created_at',
      't.last_used_at',
      't.last_used_ip',
      't.last_used_client',
      restrictionIds.as('organization_ids'),
    ]);
}

type TokenRow = Awaited<ReturnType<ReturnType<typeof selectTokens>['executeTakeFirstOrThrow']>>;

function toToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope as TokenScope,
    organization_ids: row.org_restricted ? row.organization_ids : null,
    expires_at: toIsoOrNull(row.expires_at),
    revoked_at: toIsoOrNull(row.revoked_at),
    created_at: toIsoTimestamp(row.created_at),
    last_used_at: toIsoOrNull(row.last_used_at),
    last_used_ip: row.last_used_ip,
    last_used_client: row.last_used_client,
  };
}

// The caller's organizations through this token: memberships ∩ the token's restriction.
const tokenOrganizations = sql<{ id: string; role: Role }[]>`(select coalesce(jsonb_agg(
    jsonb_build_object('id', m.organization_id, 'role', m.role) order by m.organization_id), '[]'::jsonb)
  from memberships m where m.user_id = t.user_id and (not t.org_restricted or exists (
    select 1 from api_token_organizations o where o.token_id = t.id and o.organization_id = m.organization_id)))`;

/** API tokens: only the secret's hash and a display prefix are stored. */
export function tokensRepository(ctx: StorageContext) {
  const audit = (args: {
    trx: Parameters<typeof appendAudit>[0]['trx'];
    actor: Actor;
    before: ApiToken | null;
    after: ApiToken;
    at: Date;
  }) => appendAudit({ ...args, organizationId: null, recordType: 'api_token', recordId: args.after.id });

  return {
    /** Creates a token; `secret` is returned once and never stored. */
    create: (args: {
      userId: string;
      name: string;
      scope: TokenScope;
      expiresAt: string | null;
      organizationIds?: string[] | null;
      actor?: Actor;
    }): Promise<{ token: ApiToken; secret: string }> =>
      inTransaction(ctx.db, async (trx) => {
        const restricted = args.organizationIds ?? null;
        if (restricted) {
          const member = await trx
            .selectFrom('memberships')
            .select('organization_id')
            .where('user_id', '=', args.userId)
            .execute();
          const mine = new Set(member.map((row) => row.organization_id));
          const foreign = restricted.filter((id) => !mine.has(id));
          if (foreign.length || restricted.length === 0) {
            throw invalidInput(
              'organization_ids',
              "`organization_ids` must be a non-empty subset of the user's organizations.",
            );
          }
        }
        const at = ctx.clock();
        const secret = TOKEN_SECRET_PREFIX + randomBytes(32).toString('base64url');
        const id = newId('token', at.getTime());
        await trx
          .insertInto('api_tokens')
          .values({
            id,
            user_id: args.userId,
            name: args.name,
            prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH),
            secret_hash: hashSecret(secret),
            scope: args.scope,
            org_restricted: restricted !== null,
            expires_at: args.expiresAt === null ? null : toIsoTimestamp(args.expiresAt),
            created_at: at.toISOString(),
          })
          .execute();
        if (restricted) {
          await trx
            .insertInto('api_token_organizations')
            .values(
              [...new Set(restricted)].map((organizationId) => ({
                token_id: id,
                organization_id: organizationId,
              })),
            )
            .execute();
        }
        const token = toToken(await selectTokens(trx).where('t.id', '=', id).executeTakeFirstOrThrow());
        const actor = args.actor ?? {
          userId: args.userId,
          tokenId: null,
          source: 'console',
          action: 'createToken',
        };
        await audit({ trx, actor, before: null, after: token, at });
        return { token, secret };
      }),

    /** Resolves a presented secret with ONE query by hash. */
    authenticate: async (secret: string): Promise<Authentication> => {
      const row = await selectTokens(ctx.db)
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select([
          'u.email',
          'u.name as user_name',
          'u.created_at as user_created_at',
          'u.updated_at as user_updated_at',
          tokenOrganizations.as('organizations'),
        ])
        .where('t.secret_hash', '=', hashSecret(secret))
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revoked_at) return { ok: false, reason: 'revoked' };
      if (row.expires_at && row.expires_at.getTime() <= ctx.clock().getTime())
        return { ok: false, reason: 'expired' };
      const user = {
        id: row.user_id,
        email: row.email,
        name: row.user_name,
        created_at: toIsoTimestamp(row.user_created_at),
        updated_at: toIsoTimestamp(row.user_updated_at),
      };
      return { ok: true, token: toToken(row), user, organizations: row.organizations };
    },

    get: async (args: { tokenId: string }): Promise<ApiToken | null> => {
      const row = await selectTokens(ctx.db).where('t.id', '=', args.tokenId).executeTakeFirst();
      return row ? toToken(row) : null;
    },

    /** Revokes a token at once; `userId`, when given, must own it (else NOT_FOUND). */
    revoke: (args: { tokenId: string; userId?: string; actor?: Actor }): Promise<ApiToken> =>
      inTransaction(ctx.db, async (trx) => {
        let query = selectTokens(trx).where('t.id', '=', args.tokenId);
        if (args.userId) query = query.where('t.user_id', '=', args.userId);
        const beforeRow = await query.executeTakeFirst();
        if (!beforeRow) throw notFound('token', args.tokenId);
        const before = toToken(beforeRow);
        if (before.revoked_at) return before;
        const at = ctx.clock();
        await trx
          .updateTable('api_tokens')
          .set({ revoked_at: at.toISOString() })
          .where('id', '=', args.tokenId)
          .execute();
        const after = toToken(
          await selectTokens(trx).where('t.id', '=', args.tokenId).executeTakeFirstOrThrow(),
        );
        const actor = args.actor ?? {
          userId: before.user_id,
          tokenId: null,
          source: 'console',
          action: 'revokeToken',
        };
        await audit({ trx, actor, before, after, at });
        return after;
      }),

    /** A user's tokens, newest first, with usage. */
    listForUser: async (args: { userId: string }): Promise<ApiTokenWithUsage[]> => {
      const now = ctx.clock().getTime();
      const since = (hours: number) =>
        new Date(Math.floor(now / HOUR) * HOUR - (hours - 1) * HOUR).toISOString();
      const calls = (from: string) =>
        sql<number>`(select coalesce(sum(u.calls), 0) from api_token_usage u where u.token_id = t.id and u.hour >= ${from})`;
      const rows = await selectTokens(ctx.db)
        .select(['t.recent_tools', calls(since(24)).as('calls_24h'), calls(since(24 * 30)).as('calls_30d')])
        .where('t.user_id', '=', args.userId)
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .execute();
      return rows.map((row) => ({
        ...toToken(row),
        calls_24h: Number(row.calls_24h),
        calls_30d: Number(row.calls_30d),
        recent_tools: row.recent_tools,
      }));
    },

    /** Records one call: last-used fields, the hourly counter and the recent-tools ring, in one statement. */
    recordUsage: async (args: {
      tokenId: string;
      tool: string;
      ip: string | null;
      client: string | null;
      at?: Date;
    }): Promise<void> => {
      const at = args.at ?? ctx.clock();
      const iso = at.toISOString();
      const hour = new Date(Math.floor(at.getTime() / HOUR) * HOUR).toISOString();
      await sql`with touched as (
          update api_tokens set last_used_at = ${iso}, last_used_ip = ${args.ip}, last_used_client = ${args.client},
            recent_tools = (select coalesce(jsonb_agg(r.e order by r.n), '[]'::jsonb) from (
              select x.e, x.n from jsonb_array_elements(
                jsonb_build_array(jsonb_build_object('tool', ${args.tool}::text, 'at', ${iso}::text)) || api_tokens.recent_tools
              ) with ordinality as x(e, n) order by x.n limit 10) r)
          where id = ${args.tokenId} returning id)
        insert into api_token_usage (token_id, hour, calls) select id, ${hour}::timestamptz, 1 from touched
        on conflict (token_id, hour) do update set calls = api_token_usage.calls + 1`.execute(ctx.db);
    },
  };
}

/** The tokens repository's type. */
export type TokensRepository = ReturnType<typeof tokensRepository>;
