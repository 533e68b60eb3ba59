import {
  CompleteRequestSchema,
  GetPromptRequestSchema,
  type JSONRPCMessage,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { JsonRpcReply } from './multiplex-transport.js';
import { errorReply, RpcCode } from './rpc-error.js';

/** What is used of a zod schema here. */
interface RequestSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** The SDK's schema of each request the 2025-era server hands to the SDK with params to check. */
const SCHEMAS = new Map<string, RequestSchema>([
  ['resources/read', ReadResourceRequestSchema],
  ['resources/list', ListResourcesRequestSchema],
  ['resources/templates/list', ListResourceTemplatesRequestSchema],
  ['prompts/get', GetPromptRequestSchema],
  ['prompts/list', ListPromptsRequestSchema],
  ['completion/complete', CompleteRequestSchema],
  ['tools/list', ListToolsRequestSchema],
]);

/**
 * The -32602 reply for a 2025-era request whose params do not fit the SDK's schema, naming the
 * first field that does not (`params.arguments.a`); undefined when they fit. The SDK itself would
 * answer -32603 with its schema library's raw issues as the message.
 */
export function invalidParamsReply(message: JSONRPCMessage): JsonRpcReply | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  const schema = SCHEMAS.get(message.method);
  if (!schema) return undefined;
  const parsed = schema.safeParse(message);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const field = (issue?.path ?? []).map(String).join('.') || 'params';
  return errorReply({
    id: message.id as string | number,
    code: RpcCode.InvalidParams,
    message: `Invalid params: \`${field}\` ${issue?.message ?? 'does not fit the request'}.`,
    data: { field },
  });
}
