import { type Storage, usageHour } from '@comply/storage';
import type { FastifyBaseLogger } from 'fastify';

const RECENT = 10;

interface TokenCalls {
  ip: string | null;
  client: string | null;
  hours: Map<number, number>;
  /** Newest first, at most RECENT. */
  recent: { tool: string; at: Date }[];
}

/** Counts tool calls per token in memory and writes them in batches. */
export interface UsageRecorder {
  record(call: { tokenId: string; tool: string; ip: string | null; client: string | null }): void;
  /** Writes what is pending now (shutdown, tests). */
  flush(): Promise<void>;
}

/**
 * Usage figures are advisory (last used, calls per day, last tools), and writing them on every call
 * made every request of a busy token update the same row. Calls are buffered for `intervalMs` and
 * written as one statement per token; at most one interval of figures is lost if the process dies.
 */
export function createUsageRecorder({
  storage,
  logger,
  intervalMs,
}: {
  storage: Storage;
  logger: FastifyBaseLogger;
  intervalMs: number;
}): UsageRecorder {
  let pending = new Map<string, TokenCalls>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, TokenCalls>) {
    for (const [tokenId, calls] of batch) {
      await storage.tokens
        .recordUsage({
          tokenId,
          ip: calls.ip,
          client: calls.client,
          hours: [...calls.hours].map(([hour, count]) => ({ hour: new Date(hour), calls: count })),
          recent: calls.recent,
        })
        .catch((error: unknown) => logger.warn({ err: error, tokenId }, 'could not record token usage'));
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = new Map();
    writing = writing.then(() => write(batch));
    return writing;
  }

  return {
    record({ tokenId, tool, ip, client }) {
      const at = new Date();
      const calls: TokenCalls = pending.get(tokenId) ?? { ip, client, hours: new Map(), recent: [] };
      const hour = usageHour(at).getTime();
      calls.hours.set(hour, (calls.hours.get(hour) ?? 0) + 1);
      calls.recent.unshift({ tool, at });
      if (calls.recent.length > RECENT) calls.recent.length = RECENT;
      calls.ip = ip;
      calls.client = client;
      pending.set(tokenId, calls);
      if (!timer) {
        timer = setTimeout(flush, intervalMs);
        timer.unref();
      }
    },
    flush,
  };
}
