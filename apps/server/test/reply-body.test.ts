import { describe, expect, it } from 'vitest';
import type { JsonRpcReply } from '../src/mcp/multiplex-transport.js';
import { replyBody } from '../src/mcp/reply-body.js';

/** A tools/call reply as the fast path builds it: the output's JSON as text and as structuredContent. */
function toolReply(args: { id: number; output: unknown; others?: Record<string, unknown> }): JsonRpcReply {
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

  it('never reuses the serialization of other fields once their values change', () => {
    const meta = Object.freeze({ server: Object.freeze({ name: 'comply', version: '1' }) });
    const first = toolReply({ id: 1, output: { n: 1 }, others: { resultType: 'complete', _meta: meta } });
    const same = toolReply({ id: 2, output: { n: 1 }, others: { resultType: 'complete', _meta: meta } });
    const otherMeta = toolReply({
      id: 3,
      output: { n: 1 },
      others: { resultType: 'complete', _meta: { server: { name: 'comply', version: '2' } } },
    });
    const otherType = toolReply({ id: 4, output: { n: 1 }, others: { resultType: 'partial', _meta: meta } });
    const none = toolReply({ id: 5, output: { n: 1 } });
    for (const reply of [first, same, otherMeta, otherType, none, first]) {
      expect(parse(replyBody(reply))).toEqual(JSON.parse(JSON.stringify(reply)));
    }
  });
});
