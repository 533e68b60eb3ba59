import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage, type Storage } from '@comply/storage';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createAuthenticate } from '../src/auth/authenticate.js';
import { loadConfig } from '../src/config.js';
import { handlers } from '../src/tools/handlers.gen.js';
import { embeddedDatabase } from './embedded.js';

describe('console web app serving', () => {
  let storage: Storage;
  let dir: string;
  const apps: FastifyInstance[] = [];
  const build = async (webRoot: string) => {
    const app = await buildApp({
      config: loadConfig({}),
      storage,
      handlers,
      authenticate: createAuthenticate(storage),
      logger: false,
      webRoot,
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    storage = await openStorage(embeddedDatabase());
    dir = await mkdtemp(join(tmpdir(), 'comply-web-'));
    await mkdir(join(dir, 'dist', 'assets'), { recursive: true });
    await writeFile(join(dir, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(dir, 'dist', 'assets', 'app-1234.js'), 'console.log(1)');
    await writeFile(join(dir, 'secret.txt'), 'outside');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await storage?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves files, falls back to index.html for client routes, and keeps a strict CSP', async () => {
    const app = await build(join(dir, 'dist'));
    const index = await app.inject({ url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.headers['content-security-policy']).toContain("default-src 'self'");
    const route = await app.inject({
      url: '/settings/tokens?x=1',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(route.body).toContain('id="root"');
    const script = await app.inject({ url: '/settings/tokens', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
    expect(script.json().error.code).toBe('NOT_FOUND');
    const asset = await app.inject({ url: '/assets/app-1234.js' });
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
    const traversal = await app.inject({ url: '/..%2fsecret.txt' });
    expect(traversal.body).not.toContain('outside');
    const api = await app.inject({ url: '/api/console/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it('still starts without a build and says how to make one', async () => {
    const app = await build(join(dir, 'missing'));
    const reply = await app.inject({ url: '/' });
    expect(reply.statusCode).toBe(503);
    expect(reply.body).toContain('npm run build');
    expect((await app.inject({ url: '/api/console/setup' })).statusCode).toBe(200);
  });
});
