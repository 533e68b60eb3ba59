import type { ToolName } from '@comply/schemas';

/** A tool's output with its JSON text, both computed once and shared by every reader. */
export interface ToolResult {
  /** Deep-frozen when it came from or went into the cache. */
  output: unknown;
  json: string;
}

/** Results of organization-scoped read tools, valid while the organization's data version holds. */
export interface ReadCache {
  get(args: { key: string; version: number }): ToolResult | undefined;
  set(args: { key: string; version: number; value: ToolResult }): void;
}

// Outputs that depend on who calls (the caller's role, their organizations), not only on the data.
const CALLER_DEPENDENT: ReadonlySet<ToolName> = new Set(['getOrganization', 'listOrganizations']);

/** Whether a read tool's output depends only on (organization, arguments, today's date). */
export function isCacheable(name: ToolName): boolean {
  return !CALLER_DEPENDENT.has(name);
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const child = (value as Record<string, unknown>)[key];
      if (child !== undefined) sorted[key] = canonical(child);
    }
    return sorted;
  }
  return value;
}

/**
 * Everything a cacheable output depends on: the organization, the tool, the validated arguments
 * (keys sorted) and today's UTC date (overdue and other computed fields change at midnight).
 */
export function readCacheKey(args: {
  organizationId: string;
  name: ToolName;
  input: Record<string, unknown>;
  today: string;
}): string {
  return JSON.stringify([args.organizationId, args.name, args.today, canonical(args.input)]);
}

/** Freezes an output so a cached value cannot be changed by one of its readers. */
export function freezeDeep<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) freezeDeep(child);
    Object.freeze(value);
  }
  return value;
}

interface Entry {
  value: ToolResult;
  version: number;
  storedAt: number;
}

/**
 * An LRU bounded by entries, by the length of the cached JSON and by age. The age limit bounds
 * what another instance's lost change notification can cost: a writer announces its commits to
 * other instances after they end (docs/performance.md), so one that dies in between leaves their
 * entries for that organization stale until they expire.
 */
export function createReadCache({
  maxEntries = 2000,
  maxBytes = 64 * 1024 * 1024,
  maxAgeMs = 10_000,
  now = () => performance.now(),
}: {
  maxEntries?: number;
  maxBytes?: number;
  maxAgeMs?: number;
  /** Monotonic milliseconds (tests pass their own). */
  now?: () => number;
} = {}): ReadCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.value.json.length;
  };

  return {
    get({ key, version }) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version || now() - entry.storedAt > maxAgeMs) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set({ key, version, value }) {
      if (value.json.length > maxBytes / 4) return;
      remove(key);
      entries.set(key, { value, version, storedAt: now() });
      bytes += value.json.length;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
  };
}
