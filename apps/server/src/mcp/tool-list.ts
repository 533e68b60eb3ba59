import { mcpTools, tools } from '@comply/schemas';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { type Caller, roleCanWrite } from '../core/caller.js';
import { isSelfAttestation, roleCanAttest, scopeCanAttest } from '../core/self-attestation.js';
import { toolUiMeta } from './apps.js';
import { iconUrl } from './icons.js';

/** Every toolset, sorted: what `?toolsets=` accepts. */
export const TOOLSETS: readonly string[] = [...new Set(mcpTools.map((e) => e.toolset))].sort();

/**
 * The `toolsets` query parameter of the endpoint URL: undefined for all tools, the named toolsets,
 * or an error sentence naming what is allowed.
 */
export function parseToolsets(raw: unknown): { toolsets?: ReadonlySet<string>; error?: string } {
  if (raw === undefined) return {};
  const names = String(raw)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !TOOLSETS.includes(n));
  if (typeof raw !== 'string' || names.length === 0 || unknown.length > 0) {
    return {
      error: `Bad Request: \`toolsets\` must be a comma-separated list of ${TOOLSETS.join(', ')}${unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : ''}.`,
    };
  }
  return { toolsets: new Set(names) };
}

/**
 * Derives every tool's JSON Schemas and lean schemas now: they are derived from zod on first read
 * (packages/schemas), which would otherwise land on the first tools/list a client makes.
 */
export function warmToolList(): void {
  for (const { tool } of mcpTools) void { ...tool };
}

/** Whether the caller may change records anywhere: a read-write token with a writing role somewhere. */
function mayWrite(caller: Caller): boolean {
  return caller.scope === 'WRITE' && [...caller.organizations.values()].some(roleCanWrite);
}

/** Whether the caller may attest for themself somewhere (core/self-attestation.ts). */
function mayAttest(caller: Caller): boolean {
  return scopeCanAttest(caller) && [...caller.organizations.values()].some(roleCanAttest);
}

/**
 * The tools/list result for one caller: the tools it may call (no add/update tools for a read-only
 * token or a caller who only reads, but the self-attestations for any member), narrowed to `toolsets` when given, each with its icon.
 */
export function toolListFor({
  caller,
  toolsets,
  origin,
  ui = false,
}: {
  caller: Caller;
  toolsets: ReadonlySet<string> | undefined;
  origin: string;
  /** The client announced MCP Apps: tools with a view carry `_meta.ui` (apps.ts). */
  ui?: boolean;
}): { tools: Tool[] } {
  const write = mayWrite(caller);
  const attest = mayAttest(caller);
  const callable = (name: string) =>
    write || tools[name as keyof typeof tools].access === 'read' || (attest && isSelfAttestation(name));
  return {
    tools: mcpTools
      .filter(({ tool }) => callable(tool.name))
      .filter(({ toolset }) => !toolsets || toolsets.has(toolset))
      .map(({ toolset, tool }) => {
        const meta = ui ? toolUiMeta(tool.name) : undefined;
        return {
          ...tool,
          icons: [{ src: iconUrl({ origin, toolset }) }],
          ...(meta && { _meta: meta }),
        } as Tool;
      }),
  };
}
