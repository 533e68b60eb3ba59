import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

describe.each(DRIVERS)('wrong method on a known path (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(async () => server?.stop());

  const send = async ({ method, path, accept }: { method: string; path: string; accept?: string }) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.owner.token}`, accept: accept ?? 'application/json' },
    });
    const text = await response.text();
    return {
      status: response.status,
      allow: response.headers.get('allow'),
      type: response.headers.get('content-type'),
      body: text ? JSON.parse(text) : undefined,
    };
  };

  it.each([
    ['GET', '/api/mcp/tools/listRisks', 'POST'],
    ['GET', '/api/mcp/tools/noSuchTool', 'POST'],
    ['PUT', '/api/mcp/tools/listRisks', 'POST'],
    ['DELETE', '/api/mcp/v1/health', 'GET, HEAD'],
    ['POST', '/livez', 'GET, HEAD'],
    ['POST', '/readyz', 'GET, HEAD'],
    ['PUT', '/api/console/session', 'DELETE, GET, HEAD, POST'],
    ['DELETE', '/api/console/setup', 'GET, HEAD, POST'],
    ['PATCH', '/api/console/tokens', 'GET, HEAD, POST'],
    // GET and DELETE of the MCP endpoint answer 405 themselves, so they are not in its Allow.
    ['PUT', '/api/mcp/v1', 'POST'],
    ['PATCH', '/api/mcp/v1', 'POST'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const reply = await send({ method, path });
    expect(reply.status).toBe(405);
    expect(reply.allow).toBe(allow);
    expect(reply.body.error.code).toBe('METHOD_NOT_ALLOWED');
    expect(reply.body.error.message).toContain(allow);
  });

  it('keeps 405 for a browser asking for an API path', async () => {
    const reply = await send({ method: 'GET', path: '/api/mcp/tools/listRisks', accept: 'text/html' });
    expect(reply).toMatchObject({ status: 405, allow: 'POST' });
  });

  it.each([
    ['POST', '/healthz'],
    ['PUT', '/settings'],
    ['GET', '/api/mcp/nothing/here'],
    ['DELETE', '/api/console/nothing'],
  ])('%s %s (no route at all) is a JSON 404 without Allow', async (method, path) => {
    const reply = await send({ method, path });
    expect(reply).toMatchObject({ status: 404, allow: null, body: { error: { code: 'NOT_FOUND' } } });
  });

  it('still serves the console to a browser navigating to a client route', async () => {
    const reply = await fetch(`${server.url}/settings/tokens`, { headers: { accept: 'text/html' } });
    expect(reply.headers.get('content-type')).toContain('text/html');
  });

  it('GET and DELETE of the MCP endpoint answer 405 with Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const reply = await send({ method, path: '/api/mcp/v1' });
      expect(reply).toMatchObject({ status: 405, allow: 'POST' });
    }
  });

  it.each([
    ['/api/mcp/tools/listRisks', undefined, 'no Content-Type header'],
    ['/api/mcp/tools/listRisks', 'application/xml', 'Content-Type: application/xml'],
    ['/api/mcp/v1', undefined, 'no Content-Type header'],
    [
      '/api/console/session',
      'application/x-www-form-urlencoded',
      'Content-Type: application/x-www-form-urlencoded',
    ],
  ])('a body to %s with Content-Type %s is a 415 naming the expected type', async (path, type, had) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${server.owner.token}`,
      accept: 'application/json, text/event-stream',
      'x-comply-csrf': '1',
    };
    if (type) headers['content-type'] = type;
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers,
      // A Blob without a type: fetch sends no Content-Type of its own.
      body: new Blob(['{}']),
    });
    expect(response.status).toBe(415);
    const body = await response.json();
    expect(body.error.message).toBe(
      `The request body must be JSON, sent with the header Content-Type: application/json; this request had ${had}.`,
    );
  });
});
