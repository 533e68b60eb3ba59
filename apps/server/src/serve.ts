import type { Storage } from '@comply/storage';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { createAuthenticate } from './auth/authenticate.js';
import type { ServerConfig } from './config.js';
import { handlers } from './tools/handlers.gen.js';

/** A listening server and the way to stop it cleanly. */
export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/** Builds the app on an open storage and listens; `stop` finishes in-flight requests first. */
export async function startServer({
  config,
  storage,
  logger,
  validateOutput,
  usageFlushMs,
  oauthFetch,
  webhookResolve,
}: {
  config: ServerConfig;
  storage: Storage;
  logger?: Parameters<typeof buildApp>[0]['logger'];
  validateOutput?: boolean;
  usageFlushMs?: number;
  oauthFetch?: typeof fetch;
  webhookResolve?: (host: string) => Promise<string[]>;
}): Promise<RunningServer> {
  const app = await buildApp({
    config,
    storage,
    handlers,
    authenticate: createAuthenticate(storage),
    logger,
    validateOutput,
    usageFlushMs,
    oauthFetch,
    webhookResolve,
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    app,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    stop: () => app.close(),
  };
}
