import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/log-redaction.js';
import { useLoggedServer } from './harness.js';

describe('credentials never reach the request log', () => {
  const server = useLoggedServer();
  const { lines } = server;

  it('redacts a token sent in the query string or the path', async () => {
    const secret = 'comply_pat_QUERYSECRET0123456789';
    const urls = [
      `/api/mcp/v1/health?access_token=${secret}`,
      `/api/mcp/tools/listOrganizations?token=plainsecretvalue&page_size=5`,
      `/api/mcp/v1/${secret}`,
      `/api/console/session?x=${secret}`,
    ];
    for (const url of urls) await fetch(`${server.url}${url}`);
    await expect.poll(() => lines.join('').includes('/api/console/session')).toBe(true);
    const log = lines.join('');
    expect(log).not.toContain('QUERYSECRET');
    expect(log).not.toContain('plainsecretvalue');
    expect(log).toContain('page_size=5');
    expect(log).toContain('[REDACTED]');
  });

  it('redacts a percent-encoded token in the query string or the path (issue 24, item 7)', async () => {
    const encoded = 'comply%5Fpat%5FENCODEDSECRET0123456789';
    const urls = [
      `/api/mcp/v1/health?x=${encoded}`,
      `/api/mcp/v1/${encoded}`,
      `/api/mcp/v1/${'comply%255Fpat%255FDOUBLESECRET0123'}`,
      `/api/mcp/v1/%63omply_pat_LEADINGSECRET0123?y=1`,
      `/api/mcp/v1/x?${encoded}`,
      `/api/mcp/v1/x?v=${encoded}%ZZ`,
      `/api/console/done-encoded`,
    ];
    for (const url of urls) await fetch(`${server.url}${url}`);
    await expect.poll(() => lines.join('').includes('/api/console/done-encoded')).toBe(true);
    const log = lines.join('');
    for (const secret of ['ENCODEDSECRET', 'DOUBLESECRET', 'LEADINGSECRET'])
      expect(log).not.toContain(secret);
    expect(redactUrl(`/a/${encoded}/b?q=1`)).toBe('/a/comply_pat_[REDACTED]/b?q=1');
    expect(redactUrl(`/a?v=${encoded}&page_size=5`)).toBe('/a?v=comply_pat_[REDACTED]&page_size=5');
  });

  it('answers an icon named after an Object.prototype member like any unknown icon (issue 24, item 5)', async () => {
    const unknown = await fetch(`${server.url}/icons/nosuchtoolset.svg`);
    const fallback = await unknown.text();
    for (const name of ['constructor', 'valueof', 'tostring']) {
      const reply = await fetch(`${server.url}/icons/${name}.svg`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('image/svg+xml');
      expect(await reply.text()).toBe(fallback);
    }
    expect((await fetch(`${server.url}/icons/__proto__.svg`)).status).toBe(404);
    const errors = lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
  });

  it('keeps harmless query parameters as they were', () => {
    expect(redactUrl('/api/console/orgs/o/registers/risks?status=OPEN&order_by=name:asc')).toBe(
      '/api/console/orgs/o/registers/risks?status=OPEN&order_by=name:asc',
    );
    expect(redactUrl('/x?api_key=1&Password=2&b')).toBe('/x?api_key=[REDACTED]&Password=[REDACTED]&b');
    expect(redactUrl('/x/caf%C3%A9?q=%E2%82%AC%ZZ')).toBe('/x/caf%C3%A9?q=%E2%82%AC%ZZ');
  });
});
