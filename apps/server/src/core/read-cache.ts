import type { ToolName } from '@comply/schemas';

/** A tool's output with its JSON text. */
export interface ToolResult {
  /**
   * The caller's own object on a miss; on a hit, one deep-frozen object shared by every reader,
   * parsed from the cached JSON when a reader first asks for it.
   */
  output: unknown;
  json: string;
}

/** Results of organization-scoped read tools, valid while the organization's data version holds. */
export interface ReadCache {
  get(args: { key: string; version: number }): ToolResult | undefined;
  /** Keeps the JSON text of a result: the object the handler made stays its caller's. */
  set(args: { key: string; version: number; json: string }): void;
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
 * The cached result of `json`. The REST and MCP doors send the text as it is and never read the
 * object; a reader that does (a console page, an export) gets one parsed, frozen copy shared by
 * every later hit. Freezing the handler's own object on every miss cost as much as serializing it
 * (hundreds of µs for a page of 50 risks) on reads that are never asked for again
 * (docs/performance.md, "Read-result cache").
 */
function cachedResult(json: string): ToolResult {
  let output: unknown;
  let parsed = false;
  return {
    json,
    get output() {
      if (!parsed) {
        output = freezeDeep(JSON.parse(json));
        parsed = true;
      }
      return output;
    },
  };
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
    set({ key, version, json }) {
      if (json.length > maxBytes / 4) return;
      remove(key);
      entries.set(key, { value: cachedResult(json), version, storedAt: now() });
      bytes += json.length;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
  };
}
