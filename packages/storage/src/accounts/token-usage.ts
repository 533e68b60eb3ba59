import { sql } from 'kysely';
import type { StorageContext } from '../context.js';
import { selectTokens, toToken } from './token-rows.js';
import type { ApiTokenWithUsage } from './token-types.js';

const HOUR = 3_600_000;

/** The start of the UTC hour holding `at`: the bucket usage is counted in. */
export function usageHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR) * HOUR);
}

/** Token usage: hourly call counters, last-used fields and the recent-tools ring. */
export function tokenUsage(ctx: StorageContext) {
  return {
    /** A user's API tokens (or, with `kind: 'oauth'`, connected apps), newest first, with usage. */
    listForUser: async (args: { userId: string; kind?: 'api' | 'oauth' }): Promise<ApiTokenWithUsage[]> => {
      const now = ctx.clock().getTime();
      const since = (hours: number) =>
        new Date(Math.floor(now / HOUR) * HOUR - (hours - 1) * HOUR).toISOString();
      const calls = (from: string) =>
        sql<number>`(select coalesce(sum(u.calls), 0) from api_token_usage u where u.token_id = t.id and u.hour >= ${from})`;
      const rows = await selectTokens(ctx.db)
        .select(['t.recent_tools', calls(since(24)).as('calls_24h'), calls(since(24 * 30)).as('calls_30d')])
        .where('t.user_id', '=', args.userId)
        .where('t.kind', '=', args.kind ?? 'api')
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

    /**
     * Records a batch of calls of one token in one statement: last-used fields, the hourly counters
     * and the recent-tools ring (10 newest). Servers buffer calls and flush them here, so a busy
     * token costs one write per flush instead of one per call.
     */
    recordUsage: async (args: {
      tokenId: string;
      ip: string | null;
      client: string | null;
      /** Calls per hour bucket (`hour` = the hour's start). */
      hours: { hour: Date; calls: number }[];
      /** The batch's most recent calls, newest first. */
      recent: { tool: string; at: Date }[];
    }): Promise<void> => {
      const newest = args.recent[0];
      if (!newest) return;
      const recent = JSON.stringify(
        args.recent.slice(0, 10).map((r) => ({ tool: r.tool, at: r.at.toISOString() })),
      );
      const hours = JSON.stringify(args.hours.map((h) => ({ hour: h.hour.toISOString(), calls: h.calls })));
      await sql`with touched as (
          update api_tokens set last_used_at = ${newest.at.toISOString()}, last_used_ip = ${args.ip},
            last_used_client = ${args.client},
            recent_tools = (select coalesce(jsonb_agg(r.e order by r.k), '[]'::jsonb) from (
              select e, k from (
                select x.e, x.n - 1000 as k from jsonb_array_elements(${recent}::jsonb) with ordinality as x(e, n)
                union all
                select x.e, x.n as k from jsonb_array_elements(api_tokens.recent_tools) with ordinality as x(e, n)
              ) merged order by k limit 10) r)
          where id = ${args.tokenId} returning id)
        insert into api_token_usage (token_id, hour, calls)
        select t.id, (h.e->>'hour')::timestamptz, (h.e->>'calls')::int
        from touched t cross join jsonb_array_elements(${hours}::jsonb) as h(e)
        on conflict (token_id, hour) do update set calls = api_token_usage.calls + excluded.calls`.execute(
        ctx.db,
      );
    },
  };
}
