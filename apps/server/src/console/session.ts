import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allMemberships } from './access.js';
import { type ConsoleDeps, identityOf, isSecure } from './context.js';
import { readCookie, SESSION_COOKIE, writeSessionCookie } from './cookies.js';
import { consoleError } from './errors.js';
import type { FailureLimiter } from './rate-limit.js';
import { parseInput } from './validate.js';

/** New passwords set through the console: the same minimum as `comply users create`. */
export const PASSWORD_MIN = 12;
const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `must have at least ${PASSWORD_MIN} characters`)
  .max(1000);
const signInBody = z.strictObject({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1000),
});
const passwordBody = z.strictObject({
  current_password: z.string().min(1).max(1000),
  new_password: passwordSchema,
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

/** `POST /session` (sign in, rate-limited per email and per address). */
export function registerSignIn({
  scope,
  deps,
  limiter,
}: {
  scope: FastifyInstance;
  deps: ConsoleDeps;
  limiter: FailureLimiter;
}) {
  scope.post('/session', async (request, reply) => {
    const body = parseInput({ schema: signInBody, value: request.body });
    const keys = [`email:${body.email.toLowerCase()}`, `ip:${request.ip}`];
    const wait = limiter.retryAfter(keys);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw consoleError({
        code: 'RATE_LIMITED',
        message: `Too many failed sign-in attempts. Try again in ${wait} seconds.`,
      });
    }
    const user = await deps.storage.users.verifyPassword({ email: body.email, password: body.password });
    if (!user) {
      limiter.fail(keys);
      throw consoleError({ code: 'UNAUTHORIZED', message: 'The email or password is not correct.' });
    }
    limiter.reset(`email:${body.email.toLowerCase()}`);
    await startSession({ deps, request, reply, userId: user.id });
    return { user, organizations: await allMemberships({ storage: deps.storage, userId: user.id }) };
  });
}

/** `GET /session`, `DELETE /session` (sign out) and `POST /account/password`; behind the session hook. */
export function registerSessionRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  scope.get('/session', (request) => whoAmI({ deps, request }));

  scope.delete('/session', async (request, reply) => {
    await deps.storage.sessions.revoke(identityOf(request).sessionSecret);
    writeSessionCookie({ reply, value: null, secure: isSecure({ request, config: deps.config }) });
    return reply.code(204).send();
  });

  scope.post('/account/password', async (request, reply) => {
    const body = parseInput({ schema: passwordBody, value: request.body });
    const { user } = identityOf(request);
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
    await deps.storage.users.setPassword({ userId: user.id, password: body.new_password });
    // Every other browser signed in as this user is signed out; this one gets a fresh session.
    await deps.storage.sessions.revokeAllForUser({ userId: user.id });
    await startSession({ deps, request, reply, userId: user.id });
    return reply.code(204).send();
  });
}
