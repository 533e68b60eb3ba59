import { type ToolArgs, type ToolName, type ToolOutputs, tools } from '@comply/schemas';
import type { Storage } from '@comply/storage';
import type { FastifyBaseLogger } from 'fastify';
import { type Caller, roleCanWrite } from './caller.js';
import type { FileUpload, ToolContext } from './context.js';
import { ToolError } from './errors.js';
import { createReadCache, isCacheable, type ReadCache, readCacheKey, type ToolResult } from './read-cache.js';
import { checkSelfAttestation } from './self-attestation.js';
import { fromStorageError } from './storage-errors.js';
import type { UsageRecorder } from './usage.js';
import { invalidInput } from './validation.js';

/** A handler per tool: `(ctx, args) => output`, knowing nothing of HTTP or MCP. */
export type HandlerMap = {
  [N in ToolName]: (ctx: ToolContext, args: ToolArgs[N]) => Promise<ToolOutputs[N]>;
};

/** The one path every tool call takes, whichever transport carried it. */
export interface ToolCore {
  has(name: string): name is ToolName;
  /** The output and its JSON text (both transports send that text as is). */
  invoke(params: {
    caller: Caller;
    name: ToolName;
    input: unknown;
    upload?: FileUpload;
  }): Promise<ToolResult>;
}

const notFoundOrganization = (id: string) =>
  new ToolError({
    code: 'NOT_FOUND',
    field: 'organization_id',
    message: `Organization \`${id}\` was not found among the organizations this token can access. Call listOrganizations for valid ids.`,
  });

/**
 * Builds the tool core: resolve organization access → validate input → check scope and role →
 * run the handler → record usage. Storage errors become ToolErrors; anything unexpected is logged
 * and reported as INTERNAL without details.
 */
export function createToolCore({
  storage,
  handlers,
  logger,
  usage,
  validateOutput = false,
  readCache = createReadCache(),
}: {
  storage: Storage;
  handlers: HandlerMap;
  logger: FastifyBaseLogger;
  usage: UsageRecorder;
  /** Parse every output with its schema (tests turn this on; a mismatch is a server bug). */
  validateOutput?: boolean;
  /** Results of organization-scoped reads; see docs/performance.md. */
  readCache?: ReadCache;
}): ToolCore {
  async function resolveOrganization({ caller, args }: { caller: Caller; args: Record<string, unknown> }) {
    const given = args.organization_id;
    // Membership was checked before validation, so a foreign id is refused whatever else is wrong.
    if (typeof given === 'string') return given;
    if (typeof args.id === 'string') {
      const found = await storage.locate({
        id: args.id,
        organizationIds: [...caller.organizations.keys()],
      });
      if (!found) {
        throw new ToolError({
          code: 'NOT_FOUND',
          field: 'id',
          message: `No record with id \`${args.id}\` was found.`,
        });
      }
      return found;
    }
    return undefined;
  }

  async function run({
    caller,
    name,
    input,
    upload,
  }: {
    caller: Caller;
    name: ToolName;
    input: unknown;
    upload?: FileUpload | undefined;
  }): Promise<ToolResult> {
    const tool = tools[name];
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new ToolError({
        code: 'INVALID_INPUT',
        message: 'The tool input must be a JSON object (use {} for none).',
      });
    }
    const raw = input as Record<string, unknown>;
    if (typeof raw.organization_id === 'string' && !caller.organizations.has(raw.organization_id)) {
      throw notFoundOrganization(raw.organization_id);
    }
    const parsed = tool.input.safeParse(raw);
    if (!parsed.success)
      throw new ToolError({ code: 'INVALID_INPUT', ...invalidInput({ error: parsed.error, input: raw }) });
    const args = parsed.data as Record<string, unknown>;
    const organizationId = tool.organizationScoped ? await resolveOrganization({ caller, args }) : undefined;
    const role = organizationId ? caller.organizations.get(organizationId) : undefined;
    if (tool.access === 'write' && tool.selfAttestation) {
      checkSelfAttestation({ caller, name, role });
    } else if (tool.access === 'write') {
      if (caller.scope !== 'WRITE') {
        throw new ToolError({
          code: 'FORBIDDEN',
          message: `\`${name}\` changes records, and this token is read-only. Use a read-write token.`,
        });
      }
      if (!role || !roleCanWrite(role)) {
        throw new ToolError({
          code: 'FORBIDDEN',
          message: `\`${name}\` changes records, and your role in this organization (${role}) may only read.`,
        });
      }
    }
    const context: ToolContext = {
      storage,
      caller,
      organizationId,
      role,
      actor: { userId: caller.userId, tokenId: caller.tokenId || null, source: caller.source, action: name },
      upload,
    };
    const handler = handlers[name] as (ctx: ToolContext, args: unknown) => Promise<unknown>;
    const serialize = (output: unknown): ToolResult => {
      if (validateOutput) tool.output.parse(output);
      return { output, json: JSON.stringify(output) };
    };
    if (tool.access === 'write') {
      try {
        return serialize(await handler(context, args));
      } finally {
        // Read-your-writes on this instance, even if the notification of the commit is late.
        if (organizationId) storage.changes.dataChanged(organizationId);
      }
    }
    // Read before the query: a write committing meanwhile bumps it and the entry is never served.
    const version =
      organizationId && isCacheable(name) ? storage.changes.dataVersion(organizationId) : undefined;
    if (version === undefined) return serialize(await handler(context, args));
    const today = storage.clock().toISOString().slice(0, 10);
    const key = readCacheKey({ organizationId: organizationId!, name, input: args, today });
    const cached = readCache.get({ key, version });
    if (cached) return cached;
    const result = serialize(await handler(context, args));
    readCache.set({ key, version, json: result.json });
    return result;
  }

  return {
    has: (name): name is ToolName => Object.hasOwn(tools, name),
    async invoke(params) {
      try {
        return await storage.runCall(() => run(params));
      } catch (error) {
        const known = error instanceof ToolError ? error : fromStorageError(error);
        if (known) throw known;
        logger.error({ err: error, tool: params.name }, 'tool call failed');
        throw new ToolError({
          code: 'INTERNAL',
          message: 'An internal error occurred. It has been logged; try again later.',
        });
      } finally {
        const { caller } = params;
        // Token usage figures; a console session has no token.
        if (caller.tokenId)
          usage.record({ tokenId: caller.tokenId, tool: params.name, ip: caller.ip, client: caller.client });
      }
    },
  };
}
