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

    const first = transport.dispatch({ request: request(7, 'first'), extra: {} });
    const second = transport.dispatch({ request: request(7, 'second'), extra: {} });
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
});
