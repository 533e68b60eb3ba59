import type { Storage } from '@comply/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PASSWORD_MAX } from '../auth/password-rules.js';
import { allMemberships } from './access.js';
import { type ConsoleDeps, identityOf, isSecure } from './context.js';
import { readCookie, SESSION_COOKIE, writeSessionCookie } from './cookies.js';
import { consoleError } from './errors.js';
import { checkNewPassword } from './new-password.js';
import { type LimitedConsoleRoutes, reserveAttempt } from './rate-limit.js';
import { allowedWithoutFactor } from './second-factor.js';
import { parseInput } from './validate.js';

const passwordBody = z.strictObject({
  current_password: z.string().min(1).max(PASSWORD_MAX),
  new_password: z.string().max(PASSWORD_MAX),
});

/** Starts a session for `userId` and sets its cookie. */
export async function startSession({
  deps,
  request,
  reply,
  userId,
  pendingFactor = false,
}: {
  deps: ConsoleDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  userId: string;
  /** The password was right; the second factor is still to come. */
  pendingFactor?: boolean;
}) {
  const { secret } = await deps.storage.sessions.create({ userId, ttlMs: deps.sessionTtlMs, pendingFactor });
  writeSessionCookie({
    reply,
    value: secret,
    secure: isSecure({ request, config: deps.config }),
    maxAgeSeconds: Math.floor(deps.sessionTtlMs / 1000),
  });
}

/**
 * The user of a session that may act: signed in, second factor given (when the account has one)
 * and set up (when an organization requires one); null otherwise. For pages outside the console's
 * API that read the session cookie themselves (the OAuth consent page).
 */
export async function actingUser({ storage, request }: { storage: Storage; request: FastifyRequest }) {
  const secret = readCookie({ request, name: SESSION_COOKIE });
  const found = secret ? await storage.sessions.get(secret) : null;
  if (!found || found.session.pending_factor) return null;
  if (found.secondFactor.required && !found.secondFactor.enabled) return null;
  return found.user;
}

/**
 * onRequest hook: a valid, unexpired, unrevoked session whose second factor (if the account has
 * one) was given, or 401. A user an organization requires a second factor of, who has none yet,
 * reaches only their session and account routes (403 elsewhere) until they set one up.
 */
export function sessionHook(deps: ConsoleDeps) {
  return async (request: FastifyRequest) => {
    const secret = readCookie({ request, name: SESSION_COOKIE });
    const found = secret ? await deps.storage.sessions.get(secret) : null;
    if (!secret || !found) {
      throw consoleError({ code: 'UNAUTHORIZED', message: 'Sign in to use the console.' });
    }
    if (found.session.pending_factor) {
      throw consoleError({
        code: 'UNAUTHORIZED',
        message: 'Enter the code from your authenticator app first.',
      });
    }
    const { enabled, required } = found.secondFactor;
    if (required && !enabled && !allowedWithoutFactor(request.routeOptions.url)) {
      throw consoleError({
        code: 'FORBIDDEN',
        message: 'An organization you belong to requires a second factor: set one up under Account first.',
      });
    }
    request.consoleIdentity = { user: found.user, sessionSecret: secret };
  };
}

/** The signed-in user and their organizations (with roles). */
async function whoAmI({ deps, request }: { deps: ConsoleDeps; request: FastifyRequest }) {
  const { user } = identityOf(request);
  const [organizations, secondFactor] = await Promise.all([
    allMemberships({ storage: deps.storage, userId: user.id }),
    deps.storage.identity.state({ userId: user.id }),
  ]);
  const required = await deps.storage.identity.totpRequired({ userId: user.id });
  return { user, organizations, second_factor: { enabled: secondFactor.enabled, required } };
}

/** `GET /session`, `DELETE /session` (sign out) and `POST /account/password`; behind the session hook. */
export function registerSessionRoutes({ scope, deps, limiter }: LimitedConsoleRoutes) {
  scope.get('/session', (request) => whoAmI({ deps, request }));

  scope.delete('/session', async (request, reply) => {
    await deps.storage.sessions.revoke(identityOf(request).sessionSecret);
    writeSessionCookie({ reply, value: null, secure: isSecure({ request, config: deps.config }) });
    return reply.code(204).send();
  });

  scope.post('/account/password', async (request, reply) => {
    const body = parseInput({ schema: passwordBody, value: request.body });
    const { user } = identityOf(request);
    checkNewPassword({ password: body.new_password, email: user.email, field: 'new_password' });
    const succeeded = await reserveAttempt({
      limiter,
      keys: [`password:${user.id}`],
      reply,
      message: 'Too many wrong current passwords.',
    });
    const ok = await deps.storage.users.verifyPassword({
      email: user.email,
      password: body.current_password,
    });
    if (!ok) {
      throw consoleError({
        code: 'INVALID_INPUT',
        field: 'current_password',
        message: 'The current password is not correct.',
      });
    }
    await succeeded();
    await deps.storage.users.setPassword({ userId: user.id, password: body.new_password });
    // Every other browser signed in as this user is signed out; this one gets a fresh session.
    await deps.storage.sessions.revokeAllForUser({ userId: user.id });
    await startSession({ deps, request, reply, userId: user.id });
    return reply.code(204).send();
  });
}
