import type { ToolName } from '@comply/schemas';
import type { ToolCore } from '../core/tool-core.js';
import { RpcCode, RpcError } from './rpc-error.js';

const invalid = ({ field, message }: { field: string; message: string }) =>
  new RpcError({ code: RpcCode.InvalidParams, message: `\`${field}\`: ${message}`, data: { field } });

/**
 * The tool and input of a tools/call, or the RpcError (-32602, naming the field) that says what is
 * wrong with its params: never the schema library's raw issues.
 */
export function toolCallParams({
  params,
  core,
  toolCount,
}: {
  params: unknown;
  core: ToolCore;
  toolCount: number;
}): { name: ToolName; input: Record<string, unknown> } | RpcError {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    return invalid({ field: 'params', message: 'must be an object with `name` and `arguments`.' });
  }
  const { name, arguments: input = {} } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string') {
    return invalid({ field: 'params.name', message: 'must be the name of a tool, as a string.' });
  }
  if (!core.has(name)) {
    return new RpcError({
      code: RpcCode.InvalidParams,
      message: `Unknown tool \`${name}\`. Call tools/list for the ${toolCount} tools this server offers.`,
      data: { field: 'params.name' },
    });
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return invalid({
      field: 'params.arguments',
      message: 'must be an object holding the tool’s input (use {} for none).',
    });
  }
  return { name, input: input as Record<string, unknown> };
}
