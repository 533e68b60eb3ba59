import { performance } from 'node:perf_hooks';
import type { ChangeFeed } from '../changes/feed.js';
import type { Clock } from '../dates.js';
import type { Authentication } from './token-types.js';

type Accepted = Extract<Authentication, { ok: true }>;

interface Entry {
  value: Accepted;
  authVersion: number;
  storedAt: number;
}

/** Remembers accepted tokens briefly, so a busy token costs no query per request. */
export interface AuthCache {
  /** The cached acceptance of this secret hash, if still valid (never an expired token or access). */
  get(hash: string): Accepted | undefined;
  /** Caches `value`, read when the auth version was `authVersion`. */
  set(args: { hash: string; value: Accepted; authVersion: number }): void;
}

function freezeDeep<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) freezeDeep(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * Entries live at most `ttlMs` (monotonic time) and only while the feed's auth version is the one
 * read before their query: a revocation or membership change on this instance, or announced by
 * another one, drops them all. The TTL bounds staleness when a notification is lost (listener
 * down): issue 7 allows a revoked token one second on another instance. Only acceptances are cached.
 */
export function createAuthCache({
  feed,
  clock,
  ttlMs = 1000,
  maxEntries = 10_000,
}: {
  feed: ChangeFeed;
  clock: Clock;
  ttlMs?: number;
  maxEntries?: number;
}): AuthCache {
  const entries = new Map<string, Entry>();
  return {
    get(hash) {
      const entry = entries.get(hash);
      if (!entry) return undefined;
      const now = clock().getTime();
      const ended = (at: string | null) => at !== null && Date.parse(at) <= now;
      if (
        entry.authVersion !== feed.authVersion() ||
        performance.now() - entry.storedAt >= ttlMs ||
        ended(entry.value.token.expires_at) ||
        // An auditor's access that ended since: read again, without that organization.
        entry.value.organizations.some((o) => ended(o.expires_at))
      ) {
        entries.delete(hash);
        return undefined;
      }
      return entry.value;
    },
    set({ hash, value, authVersion }) {
      if (authVersion !== feed.authVersion()) return;
      entries.delete(hash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(hash, { value: freezeDeep(value), authVersion, storedAt: performance.now() });
    },
  };
}
