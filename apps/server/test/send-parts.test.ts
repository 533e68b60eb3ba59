import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJsonParts } from '../src/http/send-parts.js';

describe('sendJsonParts', () => {
  const app = Fastify();
  const finished: string[] = [];
  let url = '';

  beforeAll(async () => {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-set-by-hook', 'yes');
    });
    app.addHook('onResponse', async (request, reply) => {
      finished.push(`${request.url} ${reply.statusCode}`);
    });
    app.get('/parts', (_request, reply) =>
      sendJsonParts({ reply, parts: [Buffer.from('{"a":'), Buffer.from('[1,2,'), Buffer.from('"é"]}')] }),
    );
    app.get('/one', (_request, reply) => sendJsonParts({ reply, parts: [Buffer.from('{"b":2}')] }));
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('sends the parts as one body, with the headers set before it and the response hooks run', async () => {
    for (const [path, body] of [
      ['/parts', { a: [1, 2, 'é'] }],
      ['/one', { b: 2 }],
    ] as const) {
      const response = await fetch(`${url}${path}`);
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      expect(response.headers.get('x-set-by-hook')).toBe('yes');
      expect(JSON.parse(text)).toEqual(body);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toEqual(['/parts 200', '/one 200']);
  });
});
