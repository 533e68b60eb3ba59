import type { Storage } from '@comply/storage';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { HandlerMap } from '../core/tool-core.js';
import { registerActivityRoutes } from './activity.js';
import type { ConsoleDeps } from './context.js';
import { csrfHook } from './csrf.js';
import { installConsoleErrorHandler } from './errors.js';
import { registerMemberRoutes } from './members.js';
import { registerOrganizationRoutes } from './orgs.js';
import { createFailureLimiter } from './rate-limit.js';
import { registerRegisterRoutes } from './registers.js';
import { registerReportRoutes } from './report.js';
import { registerSessionRoutes, registerSignIn, sessionHook } from './session.js';
import { registerSetupRoutes } from './setup.js';
import { registerTokenRoutes } from './tokens.js';
import { DEFAULT_WEB_DIST, registerWebApp } from './web.js';

const FIFTEEN_MINUTES = 15 * 60_000;

/** Options of registerConsole. */
export interface ConsoleOptions {
  app: FastifyInstance;
  storage: Storage;
  config: ServerConfig;
  handlers: HandlerMap;
  mcpPath: string;
  /** Where the built SPA lives (default apps/web/dist). */
  webRoot?: string;
  /** Session lifetime (default 12 hours). */
  sessionTtlMs?: number;
}

/** The web console: its API under `/api/console/…` (session cookie) and the SPA at `/`. */
export async function registerConsole(options: ConsoleOptions): Promise<void> {
  const deps: ConsoleDeps = {
    storage: options.storage,
    config: options.config,
    handlers: options.handlers,
    mcpPath: options.mcpPath,
    sessionTtlMs: options.sessionTtlMs ?? 12 * 3_600_000,
  };
  // Failed attempts only: 5 per email and 20 per address in 15 minutes (setup: 10 per address).
  const limiter = createFailureLimiter({
    windowMs: FIFTEEN_MINUTES,
    limit: (key) => (key.startsWith('email:') ? 5 : key.startsWith('setup:') ? 10 : 20),
  });

  await options.app.register(
    async (scope) => {
      installConsoleErrorHandler(scope);
      scope.addHook('onRequest', csrfHook);
      registerSetupRoutes({ scope, deps, limiter });
      registerSignIn({ scope, deps, limiter });
      await scope.register(async (signedIn) => {
        signedIn.addHook('onRequest', sessionHook(deps));
        registerSessionRoutes({ scope: signedIn, deps });
        registerOrganizationRoutes({ scope: signedIn, deps });
        registerTokenRoutes({ scope: signedIn, deps });
        registerMemberRoutes({ scope: signedIn, deps });
        registerActivityRoutes({ scope: signedIn, deps });
        registerRegisterRoutes({ scope: signedIn, deps });
        registerReportRoutes({ scope: signedIn, deps });
      });
    },
    { prefix: '/api/console' },
  );
  registerWebApp({ app: options.app, root: options.webRoot ?? DEFAULT_WEB_DIST });
}
