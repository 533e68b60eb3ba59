import type { JsonRpcReply } from './multiplex-transport.js';
import { errorReply, RpcCode } from './rpc-error.js';

function spliceableText(result: unknown): string | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const { content, structuredContent } = result as { content?: unknown; structuredContent?: unknown };
  if (structuredContent === undefined || !Array.isArray(content) || content.length !== 1) return undefined;
  const [item] = content as { type?: unknown; text?: unknown }[];
  return item?.type === 'text' && typeof item.text === 'string' ? item.text : undefined;
}

// Cached tool results hand out the same string instance on every hit, and V8 keeps a string's
// hash, so finding it here is cheap; escaping, concatenating and encoding ~60 kB for every
// reply is not. Keyed by the result's other fields (usually none) and the text.
const MEMO_ENTRIES = 32;
const tails = new Map<string, Map<string, Buffer>>();
let memoized = 0;

/** `"result":{…}}`: everything of a reply after its id, as bytes. */
function resultTail({ others, text }: { others: string; text: string }): Buffer {
  const byText = tails.get(others);
  const known = byText?.get(text);
  if (known) return known;
  const open = others === '{}' ? '{' : `${others.slice(0, -1)},`;
  const tail = Buffer.from(
    `"result":${open}"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text}}}`,
  );
  if (memoized >= MEMO_ENTRIES) {
    tails.clear();
    memoized = 0;
  }
  if (byText) byText.set(text, tail);
  else tails.set(others, new Map([[text, tail]]));
  memoized += 1;
  return tail;
}

/** Fields an era adds to every result (the 2026-07-28 era's `resultType` and server info), with their JSON. */
export interface ResultStamp {
  fields: Readonly<Record<string, unknown>>;
  /** `JSON.stringify(fields)`, made once: serializing the stamp (with the server's icon) on every reply cost more than the call. */
  json: string;
}

/** A stamp for `fields`, serialized once. */
export function resultStamp(fields: Readonly<Record<string, unknown>>): ResultStamp {
  return { fields, json: JSON.stringify(fields) };
}

/** The reply with the stamp's fields added to its result (over any of the result's own). */
function stamped(reply: JsonRpcReply, stamp: ResultStamp | undefined): JsonRpcReply {
  if (!stamp || !('result' in reply)) return reply;
  return { ...reply, result: { ...(reply.result as Record<string, unknown>), ...stamp.fields } };
}

/**
 * The body of one reply, as parts to be written in order (http/send-parts.ts): a successful
 * tools/call result carries the tool's output twice, as structuredContent and as its JSON text
 * (mcp/server.ts builds both from the tool core's one serialization), so the text is spliced in
 * as structuredContent instead of serializing the output object again — the largest cost of an
 * MCP reply — and everything after the id is one cached buffer, shared by every reply to the same
 * result, that is never copied into a joined body. `stamp`: the fields the era adds to a result.
 */
export function replyParts(reply: JsonRpcReply, stamp?: ResultStamp): Buffer[] {
  const result = 'result' in reply ? (reply.result as Record<string, unknown>) : undefined;
  const text = spliceableText(result);
  if (text === undefined || !result) return [Buffer.from(JSON.stringify(stamped(reply, stamp)))];
  const { structuredContent: _, content: __, ...rest } = result;
  const others =
    Object.keys(rest).length === 0 ? (stamp?.json ?? '{}') : JSON.stringify({ ...rest, ...stamp?.fields });
  return [Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(reply.id)},`), resultTail({ others, text })];
}

/** The body of one reply as one buffer (a batch's parts are joined). */
export function replyBody(reply: JsonRpcReply, stamp?: ResultStamp): Buffer {
  const parts = replyParts(reply, stamp);
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/**
 * The body for a single request or a batch. A batch's replies, in order, fill at most `maxBytes`:
 * the first is always sent, and each one that would go past the limit is replaced by a -32003
 * error naming the limit, so one POST cannot make the server build and send without bound.
 */
export function repliesBody({
  replies,
  batch,
  maxBytes = Number.POSITIVE_INFINITY,
}: {
  replies: JsonRpcReply[];
  batch: boolean;
  maxBytes?: number;
}): Buffer[] {
  if (!batch) return replyParts(replies[0]!);
  let total = 0;
  const parts = replies.map((reply, i) => {
    const part = replyBody(reply);
    const size = Buffer.byteLength(part);
    if (i === 0 || total + size <= maxBytes) {
      total += size;
      return part;
    }
    const refused = JSON.stringify(
      errorReply({
        id: reply.id as string | number,
        code: RpcCode.ReplyTooLarge,
        message: `Reply too large: this batch's replies would exceed ${maxBytes} bytes; send this request again on its own or in a smaller batch.`,
        data: { code: 'REPLY_TOO_LARGE', limit_bytes: maxBytes },
      }),
    );
    total += Buffer.byteLength(refused);
    return refused;
  });
  return [
    Buffer.concat([
      Buffer.from('['),
      ...parts.flatMap((part, i) => [...(i ? [Buffer.from(',')] : []), Buffer.from(part)]),
      Buffer.from(']'),
    ]),
  ];
}
