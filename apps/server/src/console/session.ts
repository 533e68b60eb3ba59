import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PASSWORD_MAX } from '../auth/password-rules.js';
import { allMemberships } from './access.js';
import { type ConsoleDeps, identityOf, isSecure } from './context.js';
import { readCookie, SESSION_COOKIE, writeSessionCookie } from './cookies.js';
import { consoleError } from './errors.js';
import { checkNewPassword } from './new-password.js';
import { type LimitedConsoleRoutes, reserveAttempt } from './rate-limit.js';
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
}: {
  deps: ConsoleDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  userId: string;
}) {
  const { secret } = await deps.storage.sessions.create({ userId, ttlMs: deps.sessionTtlMs });
  writeSessionCookie({
    reply,
    value: secret,
    secure: isSecure({ request, config: deps.config }),
    maxAgeSeconds: Math.floor(deps.sessionTtlMs / 1000),
  });
}

/** onRequest hook: a valid, unexpired, unrevoked session or 401. */
export function sessionHook(deps: ConsoleDeps) {
  return async (request: FastifyRequest) => {
    const secret = readCookie({ request, name: SESSION_COOKIE });
    const found = secret ? await deps.storage.sessions.get(secret) : null;
    if (!secret || !found) {
      throw consoleError({ code: 'UNAUTHORIZED', message: 'Sign in to use the console.' });
    }
    request.consoleIdentity = { user: found.user, sessionSecret: secret };
  };
}

/** The signed-in user and their organizations (with roles). */
async function whoAmI({ deps, request }: { deps: ConsoleDeps; request: FastifyRequest }) {
  const { user } = identityOf(request);
  return { user, organizations: await allMemberships({ storage: deps.storage, userId: user.id }) };
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
