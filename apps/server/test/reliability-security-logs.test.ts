import { openStorage, type Storage } from '@comply/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { redactUrl } from '../src/http/log-redaction.js';
import { type RunningServer, startServer } from '../src/serve.js';

describe('credentials never reach the request log', () => {
  let storage: Storage;
  let running: RunningServer;
  const lines: string[] = [];

  beforeAll(async () => {
    storage = await openStorage({ dataDir: 'memory://' });
    running = await startServer({
      config: { ...loadConfig({}), port: 0 },
      storage,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
  });
  afterAll(async () => {
    await running?.stop();
    await storage?.close();
  });

  it('redacts a token sent in the query string or the path', async () => {
    const secret = 'comply_pat_QUERYSECRET0123456789';
    const urls = [
      `/api/mcp/v1/health?access_token=${secret}`,
      `/api/mcp/tools/listOrganizations?token=plainsecretvalue&page_size=5`,
      `/api/mcp/v1/${secret}`,
      `/api/console/session?x=${secret}`,
    ];
    for (const url of urls) await fetch(`${running.url}${url}`);
    await expect.poll(() => lines.join('').includes('/api/console/session')).toBe(true);
    const log = lines.join('');
    expect(log).not.toContain('QUERYSECRET');
    expect(log).not.toContain('plainsecretvalue');
    expect(log).toContain('page_size=5');
    expect(log).toContain('[REDACTED]');
  });

  it('keeps harmless query parameters as they were', () => {
    expect(redactUrl('/api/console/orgs/o/registers/risks?status=OPEN&order_by=name:asc')).toBe(
      '/api/console/orgs/o/registers/risks?status=OPEN&order_by=name:asc',
    );
    expect(redactUrl('/x?api_key=1&Password=2&b')).toBe('/x?api_key=[REDACTED]&Password=[REDACTED]&b');
  });
});
