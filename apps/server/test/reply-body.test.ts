import { describe, expect, it } from 'vitest';
import type { JsonRpcReply } from '../src/mcp/multiplex-transport.js';
import { type ResultStamp, replyBody, replyParts, resultStamp } from '../src/mcp/reply-body.js';

/** A tools/call reply as the fast path builds it: the output's JSON as text and as structuredContent. */
function toolReply(args: {
  id: number | string;
  output: unknown;
  others?: Record<string, unknown>;
}): JsonRpcReply {
  const text = JSON.stringify(args.output);
  return {
    jsonrpc: '2.0',
    id: args.id,
    result: { content: [{ type: 'text', text }], structuredContent: args.output, ...args.others },
  } as JsonRpcReply;
}

const parse = (body: string | Buffer) => JSON.parse(body.toString());

describe('replyBody', () => {
  it('splices the text in as structuredContent: the body is the reply serialized', () => {
    const reply = toolReply({ id: 7, output: { risks: [{ id: 'rsk_1', name: 'A "quoted" name' }] } });
    expect(parse(replyBody(reply))).toEqual(JSON.parse(JSON.stringify(reply)));
  });

  it('adds a stamp to results, spliced or not, and never mixes two stamps up', () => {
    const stampA = resultStamp({
      resultType: 'complete',
      _meta: { server: { name: 'comply', version: '1' } },
    });
    const stampB = resultStamp({
      resultType: 'complete',
      _meta: { server: { name: 'comply', version: '2' } },
    });
    const output = { n: 1 };
    const withStamp = (reply: JsonRpcReply, stamp: ResultStamp) => ({
      ...reply,
      result: { ...(reply as { result: Record<string, unknown> }).result, ...stamp.fields },
    });
    const plain = toolReply({ id: 1, output });
    const ownField = toolReply({ id: 2, output, others: { isError: false } });
    const error = {
      jsonrpc: '2.0',
      id: 3,
      result: { isError: true, content: [{ type: 'text', text: '{"error":{}}' }] },
    } as JsonRpcReply;
    for (const [reply, stamp] of [
      [plain, stampA],
      [plain, stampB],
      [ownField, stampA],
      [error, stampB],
      [plain, stampA],
    ] as const) {
      expect(parse(replyBody(reply, stamp))).toEqual(JSON.parse(JSON.stringify(withStamp(reply, stamp))));
    }
    expect(parse(replyBody(plain))).toEqual(JSON.parse(JSON.stringify(plain)));
  });

  it('gives a tool result as a head and a tail that is the same buffer for every reply to it', () => {
    const output = { risks: [{ id: 'rsk_1' }] };
    const [headA, tailA] = replyParts(toolReply({ id: 1, output }));
    const [headB, tailB] = replyParts(toolReply({ id: 'b', output }));
    expect(tailB).toBe(tailA);
    expect(parse(Buffer.concat([headA!, tailA!]))).toMatchObject({
      id: 1,
      result: { structuredContent: output },
    });
    expect(parse(Buffer.concat([headB!, tailB!]))).toMatchObject({
      id: 'b',
      result: { structuredContent: output },
    });
  });
});
