import type { Storage } from '@comply/storage';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import {
  AUDITOR_PACKAGE_COST,
  AUDITOR_PACKAGE_PATH,
  registerAuditorPackageRoute,
} from './auditor-package/routes.js';
import type { ServerConfig } from './config.js';
import { registerConsole } from './console/index.js';
import { createToolCore, type HandlerMap } from './core/tool-core.js';
import { createUsageRecorder } from './core/usage.js';
import { DOCUMENTS_PREFIX, registerDocumentFileRoute } from './documents/file-route.js';
import { EVIDENCE_PREFIX, registerEvidenceRoutes } from './evidence/routes.js';
import { EXPORT_PREFIX, registerExportRoutes } from './export/routes.js';
import { registerAccessLog } from './http/access-log.js';
import type { Authenticate } from './http/auth-hook.js';
import { registerBearerAuth } from './http/auth-hook.js';
import { handleClientError } from './http/client-error.js';
import { installErrorHandler } from './http/errors.js';
import { registerHealthRoute } from './http/health-route.js';
import { withRedactedRequests } from './http/log-redaction.js';
import { registerNotFound } from './http/not-found.js';
import { registerOpenApiRoutes } from './http/openapi-route.js';
import { allowedHostnames, registerOriginCheck } from './http/origin-hook.js';
import { registerProbes } from './http/probes.js';
import { registerRateLimit } from './http/rate-limit.js';
import { registerRestToolRoute } from './http/rest-route.js';
import { createMailer } from './mail/index.js';
import { createMethodTable } from './mcp/methods.js';
import { createModernEra } from './mcp/modern-route.js';
import { modernServerFactory, modernServerInfo } from './mcp/modern-server.js';
import { registerMcpRoute } from './mcp/route.js';
import { createMcpServer } from './mcp/server.js';
import { warmToolList } from './mcp/tool-list.js';
import { registerOAuth } from './oauth/routes.js';
import { registerScopeGuard } from './oauth/scope-guard.js';
import { OSCAL_PREFIX, registerOscalRoutes } from './oscal/routes.js';
import { registerReminders } from './reminders/service.js';
import { guardInputText } from './tools/text-guard.js';
import { SERVER_VERSION } from './version.js';
import { registerReadinessWatch } from './webhooks/readiness.js';
import { createWebhookService } from './webhooks/service.js';

export const MCP_PATH = '/api/mcp/v1';

/** `POST /api/oscal/import`: parsing, validating and writing a document costs far more than a call. */
const OSCAL_IMPORT_PATH = `${OSCAL_PREFIX}import`;
/** What an OSCAL import takes from its token's per-minute budget, in calls. */
export const OSCAL_IMPORT_COST = 10;

/** What buildApp needs; `handlers` and `authenticate` default to the real ones. */
export interface AppOptions {
  config: ServerConfig;
  storage: Storage;
  handlers: HandlerMap;
  authenticate: Authenticate;
  /** Pino options, `false` for silence (tests), or undefined for the config's level. */
  logger?: FastifyServerOptions['logger'];
  /** Parse every tool output with its schema (tests). */
  validateOutput?: boolean;
  /** Where the built web console lives (default apps/web/dist). */
  webRoot?: string;
  /** How long token usage is buffered before it is written (default 500 ms; tests use 0). */
  usageFlushMs?: number;
  /** Replaces the OAuth server's fetch of client metadata documents (tests with a private CA). */
  oauthFetch?: typeof fetch;
  /** Resolves webhook endpoint host names (tests); the system resolver by default. */
  webhookResolve?: (host: string) => Promise<string[]>;
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}

/** Builds the fastify app (routes, hooks, error mapping) without listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, storage } = options;
  const app = Fastify({
    logger: withRedactedRequests(
      options.logger ?? {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      },
    ),
    bodyLimit: config.bodyLimit,
    requestIdHeader: 'x-request-id',
    // One line per request instead of fastify's two (see http/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    clientErrorHandler: handleClientError,
    // Only configured proxies: request.ip is then the right-most address none of them vouches for.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  });

  installErrorHandler({ app });
  registerNotFound({ app });
  registerAccessLog(app);

  const publicBinding = !isLoopback(config.host) && !config.publicUrl && config.allowedHosts.length === 0;
  registerOriginCheck({
    app,
    hostnames: publicBinding
      ? undefined
      : allowedHostnames({ publicUrl: config.publicUrl, extra: config.allowedHosts }),
  });
  const bearerPrefixes = ['/api/mcp/', OSCAL_PREFIX, EXPORT_PREFIX, EVIDENCE_PREFIX, DOCUMENTS_PREFIX];
  const limiter = registerRateLimit({
    app,
    prefix: bearerPrefixes,
    limits: config,
    storage,
    costOf: (request) => {
      if (request.routeOptions.url === OSCAL_IMPORT_PATH) return OSCAL_IMPORT_COST;
      return request.routeOptions.url === AUDITOR_PACKAGE_PATH ? AUDITOR_PACKAGE_COST : 1;
    },
  });
  const oauth = config.oauth
    ? await registerOAuth({
        app,
        storage,
        config,
        mcpPath: MCP_PATH,
        authenticate: options.authenticate,
        fetchMetadata: options.oauthFetch,
      })
    : undefined;
  registerBearerAuth({
    app,
    prefix: bearerPrefixes,
    authenticate: oauth?.authenticate ?? options.authenticate,
    mcpPath: MCP_PATH,
    challenge: oauth?.challenge,
  });
  if (oauth) registerScopeGuard({ app, mcpPath: MCP_PATH, challenge: oauth.challenge });

  const usage = createUsageRecorder({ storage, logger: app.log, intervalMs: options.usageFlushMs ?? 500 });
  app.addHook('onClose', () => usage.flush());
  const core = guardInputText(
    createToolCore({
      storage,
      handlers: options.handlers,
      logger: app.log,
      usage,
      validateOutput: options.validateOutput ?? false,
    }),
  );
  registerProbes({ app, storage });
  registerHealthRoute({ app, storage, version: SERVER_VERSION, usage });
  registerRestToolRoute({ app, core });
  registerOscalRoutes({ app, storage });
  registerAuditorPackageRoute({ app, core, storage });
  registerExportRoutes({ app, core });
  await registerEvidenceRoutes({ app, core, storage, maxBytes: config.evidenceMaxBytes });
  registerDocumentFileRoute({ app, core, storage });
  await registerOpenApiRoutes({ app });
  const table = createMethodTable({ core, storage });
  await registerMcpRoute({
    app,
    server: createMcpServer({ table, version: SERVER_VERSION }),
    modern: createModernEra({
      factory: modernServerFactory({ table, version: SERVER_VERSION }),
      serverInfo: modernServerInfo({ version: SERVER_VERSION }),
    }),
    table,
    path: MCP_PATH,
    limiter,
    batchReplyLimit: config.batchReplyLimit,
  });
  const webhooks = createWebhookService({
    storage,
    config: config.jobs,
    log: app.log,
    resolve: options.webhookResolve,
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const reminders = registerReminders({
    storage,
    mailer,
    webhooks,
    config: config.reminders,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  registerReadinessWatch({ storage, webhooks, intervalMs: config.reminders.scanMs });
  app.addHook('onReady', async () => {
    warmToolList();
    webhooks.start();
    await reminders.start();
  });
  app.addHook('onClose', () => webhooks.stop());
  await registerConsole({
    app,
    storage,
    config,
    core,
    webhooks,
    mailer,
    mcpPath: MCP_PATH,
    webRoot: options.webRoot,
  });
  return app;
}
