import { sql } from 'kysely';
import type { StorageContext } from '../context.js';
import { selectTokens, toToken } from './token-rows.js';
import type { ApiTokenWithUsage } from './token-types.js';

const HOUR = 3_600_000;

/** Token usage: hourly call counters, last-used fields and the recent-tools ring. */
export function tokenUsage(ctx: StorageContext) {
  return {
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
