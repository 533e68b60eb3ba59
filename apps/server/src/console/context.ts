import type { Storage, User } from '@comply/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { ToolCore } from '../core/tool-core.js';
import type { Mailer } from '../mail/index.js';
import type { WebhookService } from '../webhooks/service.js';

/** What every console route module receives. */
export interface ConsoleDeps {
  storage: Storage;
  config: ServerConfig;
  /** Session lifetime in milliseconds. */
  sessionTtlMs: number;
  /** The MCP endpoint's path, for the addresses shown with new tokens. */
  mcpPath: string;
  /** The tool core: the read views and the forms' writes call the tools, as MCP and REST do. */
  core: ToolCore;
  /** Sends the console's mail (password resets). */
  mailer: Mailer;
  /** Webhook endpoints, deliveries and the job engine behind them. */
  webhooks: WebhookService;
}

/** What a console route module registers with: its fastify scope and the shared dependencies. */
export interface ConsoleRoutes {
  scope: FastifyInstance;
  deps: ConsoleDeps;
}

/** The signed-in user of a console request, set by the session hook. */
export interface ConsoleIdentity {
  user: User;
  sessionSecret: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the console session hook on authenticated console routes. */
    consoleIdentity?: ConsoleIdentity;
  }
}

/** The signed-in identity; routes behind the session hook always have one. */
export function identityOf(request: FastifyRequest): ConsoleIdentity {
  if (!request.consoleIdentity) throw new Error('console route registered outside the session scope');
  return request.consoleIdentity;
}

/** The audit log's actor for a console write: the signed-in user, no token. */
export function consoleActor(request: FastifyRequest, action: string) {
  return { userId: identityOf(request).user.id, tokenId: null, source: 'console' as const, action };
}

/** Whether the browser reached us over HTTPS (directly, through a trusted proxy, or per the public URL). */
export function isSecure({ request, config }: { request: FastifyRequest; config: ServerConfig }): boolean {
  return request.protocol === 'https' || Boolean(config.publicUrl?.startsWith('https://'));
}

/** The address clients should use: the configured public URL, else the origin the browser used. */
export function publicOrigin({ request, config }: { request: FastifyRequest; config: ServerConfig }): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}
