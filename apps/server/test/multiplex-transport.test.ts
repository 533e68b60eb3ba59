import type { JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { MultiplexTransport } from '../src/mcp/multiplex-transport.js';

const request = (id: number, marker: string): JSONRPCRequest => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: marker },
});

describe('MultiplexTransport', () => {
  it('keeps concurrent requests with the same JSON-RPC id apart and restores each caller’s id', async () => {
    const transport = new MultiplexTransport();
    const received: JSONRPCRequest[] = [];
    transport.onmessage = (message) => received.push(message as JSONRPCRequest);

    const first = transport.dispatch({ request: request(7, 'first'), extra: {}, owner: 'a' });
    const second = transport.dispatch({ request: request(7, 'second'), extra: {}, owner: 'a' });
    expect(received).toHaveLength(2);
    expect(received[0]!.id).not.toBe(received[1]!.id);

    // The server answers out of order.
    await transport.send({
      jsonrpc: '2.0',
      id: received[1]!.id,
      result: { for: 'second' },
    } as JSONRPCMessage);
    await transport.send({ jsonrpc: '2.0', id: received[0]!.id, result: { for: 'first' } } as JSONRPCMessage);
    expect(await first).toEqual({ jsonrpc: '2.0', id: 7, result: { for: 'first' } });
    expect(await second).toEqual({ jsonrpc: '2.0', id: 7, result: { for: 'second' } });
  });

  it('drops server-initiated notifications, which have no stream in stateless mode', async () => {
    const transport = new MultiplexTransport();
    await expect(
      transport.send({ jsonrpc: '2.0', method: 'notifications/message', params: {} } as JSONRPCMessage),
    ).resolves.toBeUndefined();
  });

  it('gives requests random ids, so a caller cannot name another’s request', () => {
    const transport = new MultiplexTransport();
    const received: JSONRPCRequest[] = [];
    transport.onmessage = (message) => received.push(message as JSONRPCRequest);
    void transport.dispatch({ request: request(1, 'x'), extra: {}, owner: 'a' });
    void transport.dispatch({ request: request(1, 'x'), extra: {}, owner: 'a' });
    for (const { id } of received) expect(String(id)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets a cancellation reach only its sender’s own requests, and answers the cancelled one', async () => {
    const transport = new MultiplexTransport();
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (message) => received.push(message);
    const mine = transport.dispatch({ request: request(3, 'mine'), extra: {}, owner: 'a' });
    const cancel = (owner: string, requestId: unknown) =>
      transport.deliver({
        message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } },
        extra: {},
        owner,
      } as Parameters<MultiplexTransport['deliver']>[0]);
    const internalId = (received[0] as JSONRPCRequest).id;
    cancel('b', 3);
    cancel('a', internalId);
    cancel('a', '3');
    expect(transport.pendingCount).toBe(1);
    cancel('a', 3);
    expect(transport.pendingCount).toBe(0);
    expect(await mine).toMatchObject({ id: 3, error: { code: -32800 } });
    // The server heard of the cancellation under the request's internal id only.
    expect(received.slice(1)).toEqual([
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: internalId } },
    ]);
  });

  it('answers a request the server never answers with a timeout error and forgets it', async () => {
    const transport = new MultiplexTransport({ timeoutMs: 20 });
    transport.onmessage = () => {};
    const reply = transport.dispatch({ request: request(9, 'lost'), extra: {}, owner: 'a' });
    expect(transport.pendingCount).toBe(1);
    expect(await reply).toMatchObject({ id: 9, error: { code: -32001 } });
    expect(transport.pendingCount).toBe(0);
  });
});
