import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { useLoggedServer } from './harness.js';

describe('the access log at the default level', () => {
  const server = useLoggedServer();
  const { lines } = server;

  it('writes one readable line per request, with the status and the time', async () => {
    expect(loadConfig({}).logLevel).toBe('info');
    await (await fetch(`${server.url}/livez?probe=access-log`)).text();
    await (await fetch(`${server.url}/api/mcp/tools/listRisks?probe=access-log`, { method: 'POST' })).text();
    await expect.poll(() => lines.filter((l) => l.includes('probe=access-log')).length).toBe(2);
    const logged = lines
      .filter((l) => l.includes('probe=access-log'))
      .map((l) => JSON.parse(l) as { msg: string; res: { statusCode: number }; responseTime: number });
    expect(logged.map((l) => l.msg.replace(/\d+ ms$/, 'N ms'))).toEqual([
      'GET /livez?probe=access-log 200 N ms',
      'POST /api/mcp/tools/listRisks?probe=access-log 401 N ms',
    ]);
    expect(logged[1]?.res.statusCode).toBe(401);
    expect(lines.some((l) => /incoming request|request completed/.test(l))).toBe(false);
  });
});
