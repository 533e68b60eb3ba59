import type { Storage } from '@comply/storage';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { ToolCore } from '../core/tool-core.js';
import { createMailer, type Mailer } from '../mail/index.js';
import type { WebhookService } from '../webhooks/service.js';
import { registerActivityRoutes } from './activity.js';
import { memoryAttemptStore, sharedAttemptStore } from './attempt-store.js';
import { registerConsoleAuditorPackage } from './auditor-package.js';
import { registerConnectedAppRoutes } from './connected-apps.js';
import type { ConsoleDeps } from './context.js';
import { csrfHook } from './csrf.js';
import { registerDemoRoutes } from './demo.js';
import { registerConsoleEvidenceRoutes } from './evidence.js';
import { registerFrameworkRoutes } from './frameworks.js';
import { registerInvitationAccept, registerInvitationCodeRoutes } from './invitation-codes.js';
import { registerInvitationRoutes } from './invitations.js';
import { registerMemberRoutes } from './members.js';
import { registerNotificationRoutes } from './notifications.js';
import { registerOrganizationRoutes } from './orgs.js';
import { registerConsoleOscalRoutes } from './oscal.js';
import { registerPasswordResetRoutes } from './password-reset.js';
import { type AttemptRule, createAttemptLimiter } from './rate-limit.js';
import { registerRegisterRoutes } from './registers.js';
import { registerReportRoutes } from './report.js';
import {
  registerOrganizationSecurityRoutes,
  registerSecondFactorRoutes,
  registerSecondFactorStep,
} from './second-factor.js';
import { registerSessionRoutes, sessionHook } from './session.js';
import { registerSetupRoutes } from './setup.js';
import { registerSignIn } from './sign-in.js';
import { registerSsoRoutes } from './sso.js';
import { registerTokenRoutes } from './tokens.js';
import { DEFAULT_WEB_DIST, registerWebApp } from './web.js';
import { registerWebhookRoutes } from './webhooks.js';
import { registerWriteToolRoute } from './write-tool.js';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Attempts per key in 15 minutes: 5 per (email, address) pair, 5 per email before each further
 * failure doubles the wait, 20 per address, 10 set-ups per address, 5 wrong current passwords per
 * account; invitation codes 10 per address; password-reset mails 5 per address and 20 per client
 * address, reset links 10 tries per client address; second-factor codes 5 per account; SSO
 * sign-ins started 60 per address.
 */
function attemptRule(key: string): AttemptRule {
  const kind = key.slice(0, key.indexOf(':'));
  if (kind === 'email') return { limit: 5, windowMs: FIFTEEN_MINUTES, progressive: true };
  if (kind === 'ip' || kind === 'reset-ip') return { limit: 20, windowMs: FIFTEEN_MINUTES };
  if (kind === 'sso-ip') return { limit: 60, windowMs: FIFTEEN_MINUTES };
  if (kind === 'setup' || kind === 'invitation' || kind === 'reset-token')
    return { limit: 10, windowMs: FIFTEEN_MINUTES };
  return { limit: 5, windowMs: FIFTEEN_MINUTES };
}

/** Options of registerConsole. */
export interface ConsoleOptions {
  app: FastifyInstance;
  storage: Storage;
  config: ServerConfig;
  /** The tool core: the console's views read and its forms write through it, like MCP and REST. */
  core: ToolCore;
  mcpPath: string;
  /** Where the built SPA lives (default apps/web/dist). */
  webRoot?: string;
  /** Session lifetime (default 12 hours). */
  sessionTtlMs?: number;
  /** Sends the console's mail; default: SMTP at `config.smtpUrl`, if any. */
  mailer?: Mailer;
  /** Webhook endpoints and deliveries (the organization's webhook settings). */
  webhooks: WebhookService;
}

/** The web console: its API under `/api/console/…` (session cookie) and the SPA at `/`. */
export async function registerConsole(options: ConsoleOptions): Promise<void> {
  const deps: ConsoleDeps = {
    storage: options.storage,
    config: options.config,
    core: options.core,
    mcpPath: options.mcpPath,
    sessionTtlMs: options.sessionTtlMs ?? 12 * 3_600_000,
    webhooks: options.webhooks,
    mailer:
      options.mailer ?? createMailer({ smtpUrl: options.config.smtpUrl, from: options.config.mailFrom }),
  };
  options.app.addHook('onClose', async () => deps.mailer.close());
  const ssoOrganization = options.config.sso?.organizationId;
  if (ssoOrganization) {
    const found = await options.storage.organizations.getById({ organizationId: ssoOrganization });
    if (!found)
      throw new Error(`COMPLY_SSO_ORGANIZATION names no organization of this database: "${ssoOrganization}"`);
  }
  // On PostgreSQL every instance behind a load balancer counts the same attempts; the embedded
  // PGlite mode is one process, so its memory is enough.
  const store =
    options.storage.driver === 'postgres'
      ? sharedAttemptStore({ storage: options.storage, ttlMs: FIFTEEN_MINUTES })
      : memoryAttemptStore({ ttlMs: FIFTEEN_MINUTES });
  const limiter = createAttemptLimiter({ rule: attemptRule, store });
  await options.app.register(
    async (scope) => {
      scope.addHook('onRequest', csrfHook);
      registerSetupRoutes({ scope, deps, limiter });
      registerSignIn({ scope, deps, limiter });
      registerPasswordResetRoutes({ scope, deps, limiter });
      registerSecondFactorStep({ scope, deps, limiter });
      registerSsoRoutes({ scope, deps, limiter });
      registerInvitationCodeRoutes({ scope, deps, limiter });
      await scope.register(async (signedIn) => {
        signedIn.addHook('onRequest', sessionHook(deps));
        registerSessionRoutes({ scope: signedIn, deps, limiter });
        registerOrganizationRoutes({ scope: signedIn, deps });
        registerSecondFactorRoutes({ scope: signedIn, deps, limiter });
        registerOrganizationSecurityRoutes({ scope: signedIn, deps });
        registerNotificationRoutes({ scope: signedIn, deps });
        registerTokenRoutes({ scope: signedIn, deps });
        registerConnectedAppRoutes({ scope: signedIn, deps });
        registerMemberRoutes({ scope: signedIn, deps });
        registerInvitationRoutes({ scope: signedIn, deps });
        registerWebhookRoutes({ scope: signedIn, deps });
        registerInvitationAccept({ scope: signedIn, deps });
        registerActivityRoutes({ scope: signedIn, deps });
        registerRegisterRoutes({ scope: signedIn, deps });
        registerReportRoutes({ scope: signedIn, deps });
        registerDemoRoutes({ scope: signedIn, deps });
        registerFrameworkRoutes({ scope: signedIn, deps });
        registerConsoleOscalRoutes({ scope: signedIn, deps });
        registerConsoleAuditorPackage({ scope: signedIn, deps });
        registerWriteToolRoute({ scope: signedIn, deps });
        await registerConsoleEvidenceRoutes({ scope: signedIn, deps });
      });
    },
    { prefix: '/api/console' },
  );
  registerWebApp({ app: options.app, root: options.webRoot ?? DEFAULT_WEB_DIST });
}
