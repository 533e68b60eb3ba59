import { z } from 'zod';
import { PASSWORD_MAX } from '../auth/password-rules.js';
import { allMemberships } from './access.js';
import { consoleError } from './errors.js';
import { type LimitedConsoleRoutes, reserveAttempt } from './rate-limit.js';
import { startSession } from './session.js';
import { refusePasswordForSso } from './sso.js';
import { parseInput } from './validate.js';

const signInBody = z.strictObject({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(PASSWORD_MAX),
});

const KNOWN_FOR_MS = 30 * 24 * 3_600_000;

/**
 * `POST /session` (sign in). Every attempt is reserved before the password is hashed, on the
 * (email, address) pair — and, unless that pair signed in successfully before, on the email
 * (progressive) and on the address — so a stranger elsewhere cannot lock the owner out.
 */
export function registerSignIn({ scope, deps, limiter }: LimitedConsoleRoutes) {
  scope.post('/session', async (request, reply) => {
    const body = parseInput({ schema: signInBody, value: request.body });
    const email = body.email.toLowerCase();
    refusePasswordForSso({ deps, email });
    const pair = `pair:${email}|${request.ip}`;
    // Pairs that signed in before are remembered by the limiter (in the database on PostgreSQL).
    const keys = (await limiter.remembers(pair)) ? [pair] : [pair, `email:${email}`, `ip:${request.ip}`];
    const succeeded = await reserveAttempt({
      limiter,
      keys,
      reply,
      message: 'Too many failed sign-in attempts.',
    });
    const user = await deps.storage.users.verifyPassword({ email, password: body.password });
    if (!user) throw consoleError({ code: 'UNAUTHORIZED', message: 'The email or password is not correct.' });
    await succeeded();
    await limiter.reset(pair);
    await limiter.remember({ key: pair, forMs: KNOWN_FOR_MS });
    if ((await deps.storage.identity.state({ userId: user.id })).enabled) {
      // The password was right; the session serves nothing but the code step until a code is.
      await startSession({ deps, request, reply, userId: user.id, pendingFactor: true });
      return { second_factor_required: true };
    }
    await startSession({ deps, request, reply, userId: user.id });
    return { user, organizations: await allMemberships({ storage: deps.storage, userId: user.id }) };
  });
}
