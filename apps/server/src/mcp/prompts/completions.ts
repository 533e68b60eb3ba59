import type { Storage } from '@comply/storage';
import type { CompleteResult } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../../core/caller.js';
import { RpcCode, RpcError } from '../rpc-error.js';
import { PROMPTS, promptNamed } from './catalog.js';

/** MCP sends at most this many values in one completion. */
const MAX_VALUES = 100;
/** The most records read to complete one argument. */
const MAX_READ = 1000;
const PAGE_SIZE = 100;

const none: CompleteResult = { completion: { values: [], total: 0, hasMore: false } };

/** Ids whose id or name starts with `typed` (ignoring case), in the order read. */
function matching(records: readonly { id: string; name: string }[], typed: string): CompleteResult {
  const prefix = typed.toLowerCase();
  const ids = records
    .filter((r) => r.id.toLowerCase().startsWith(prefix) || r.name.toLowerCase().startsWith(prefix))
    .map((r) => r.id);
  return {
    completion: { values: ids.slice(0, MAX_VALUES), total: ids.length, hasMore: ids.length > MAX_VALUES },
  };
}

/** Every page of a keyset list, up to MAX_READ records. */
async function readAll<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; next_cursor: string | null }>,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    out.push(...next.items);
    cursor = next.next_cursor ?? undefined;
  } while (cursor && out.length < MAX_READ);
  return out;
}

/**
 * completion/complete for a prompt argument: `organization_id` from the caller's organizations
 * (only those the token may use), `framework_id` from the frameworks of the organization already
 * chosen (none when it is missing or not the caller's).
 */
export async function completePromptArgument({
  ref,
  argument,
  context,
  caller,
  storage,
}: {
  ref: { type: string; name?: string; uri?: string };
  argument: { name: string; value: string };
  context?: { arguments?: Record<string, string> };
  caller: Caller;
  storage: Storage;
}): Promise<CompleteResult> {
  if (ref.type !== 'ref/prompt') return none;
  const prompt = promptNamed(ref.name ?? '');
  if (!prompt) {
    throw new RpcError({
      code: RpcCode.InvalidParams,
      message: `Unknown prompt \`${ref.name}\`; the prompts are ${PROMPTS.map((p) => p.name).join(', ')}.`,
      data: { field: 'ref.name' },
    });
  }
  const completes = prompt.arguments.find((a) => a.name === argument.name)?.completes;
  if (completes === 'organization') {
    const organizations = await readAll((cursor) =>
      storage.organizations.listForUser({
        userId: caller.userId,
        organizationIds: [...caller.organizations.keys()],
        pageSize: PAGE_SIZE,
        cursor,
      }),
    );
    return matching(organizations, argument.value);
  }
  if (completes === 'framework') {
    const organizationId = context?.arguments?.organization_id;
    if (!organizationId || !caller.organizations.has(organizationId)) return none;
    const frameworks = await readAll((cursor) =>
      storage.frameworks.list({ organizationId, pageSize: PAGE_SIZE, cursor }),
    );
    return matching(frameworks, argument.value);
  }
  return none;
}
