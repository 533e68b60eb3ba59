import type { JsonRpcReply } from './multiplex-transport.js';

function spliceableText(result: unknown): string | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const { content, structuredContent } = result as { content?: unknown; structuredContent?: unknown };
  if (structuredContent === undefined || !Array.isArray(content) || content.length !== 1) return undefined;
  const [item] = content as { type?: unknown; text?: unknown }[];
  return item?.type === 'text' && typeof item.text === 'string' ? item.text : undefined;
}

// Cached tool results hand out the same string instance on every hit; V8 keeps a string's hash,
// so finding it here is cheap, and escaping 30 kB of JSON again for every reply is not.
const MEMO_ENTRIES = 32;
const literals = new Map<string, string>();

function stringLiteral(text: string): string {
  let literal = literals.get(text);
  if (literal === undefined) {
    literal = JSON.stringify(text);
    if (literals.size >= MEMO_ENTRIES) literals.delete(literals.keys().next().value!);
    literals.set(text, literal);
  }
  return literal;
}

/**
 * The JSON text of one reply. A successful tools/call result carries the tool's output twice:
 * as structuredContent and as its JSON text (mcp/server.ts builds both from the tool core's one
 * serialization), so the text is spliced in as structuredContent instead of serializing the
 * output object again — the largest cost of an MCP reply.
 */
export function replyBody(reply: JsonRpcReply): string {
  const result = 'result' in reply ? (reply.result as Record<string, unknown>) : undefined;
  const text = spliceableText(result);
  if (text === undefined || !result) return JSON.stringify(reply);
  const { structuredContent: _, content: __, ...rest } = result;
  const others = JSON.stringify(rest);
  const open = others === '{}' ? '{' : `${others.slice(0, -1)},`;
  const body = `${open}"content":[{"type":"text","text":${stringLiteral(text)}}],"structuredContent":${text}}`;
  return `{"jsonrpc":"2.0","id":${JSON.stringify(reply.id)},"result":${body}}`;
}

/** The body for a single request or a batch. */
export function repliesBody({ replies, batch }: { replies: JsonRpcReply[]; batch: boolean }): string {
  return batch ? `[${replies.map(replyBody).join(',')}]` : replyBody(replies[0]!);
}
