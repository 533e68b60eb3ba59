import { z } from 'zod';
import { PASSWORD_MAX } from '../auth/password-rules.js';
import { allMemberships } from './access.js';
import { consoleError } from './errors.js';
import { type LimitedConsoleRoutes, reserveAttempt } from './rate-limit.js';
import { startSession } from './session.js';
import { parseInput } from './validate.js';

const signInBody = z.strictObject({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(PASSWORD_MAX),
});

const KNOWN_FOR_MS = 30 * 24 * 3_600_000;
const KNOWN_MAX = 10_000;

/**
 * `POST /session` (sign in). Every attempt is reserved before the password is hashed, on the
 * (email, address) pair — and, unless that pair signed in successfully before, on the email
 * (progressive) and on the address — so a stranger elsewhere cannot lock the owner out.
 */
export function registerSignIn({ scope, deps, limiter }: LimitedConsoleRoutes) {
  // Pairs that signed in, with when that stops counting; bounded, oldest dropped first.
  const known = new Map<string, number>();
  const isKnown = (pair: string) => (known.get(pair) ?? 0) > Date.now();

  scope.post('/session', async (request, reply) => {
    const body = parseInput({ schema: signInBody, value: request.body });
    const email = body.email.toLowerCase();
    const pair = `pair:${email}|${request.ip}`;
    const keys = isKnown(pair) ? [pair] : [pair, `email:${email}`, `ip:${request.ip}`];
    const succeeded = reserveAttempt({ limiter, keys, reply, message: 'Too many failed sign-in attempts.' });
    const user = await deps.storage.users.verifyPassword({ email, password: body.password });
    if (!user) throw consoleError({ code: 'UNAUTHORIZED', message: 'The email or password is not correct.' });
    succeeded();
    limiter.reset(pair);
    known.delete(pair);
    known.set(pair, Date.now() + KNOWN_FOR_MS);
    if (known.size > KNOWN_MAX) known.delete(known.keys().next().value as string);
    await startSession({ deps, request, reply, userId: user.id });
    return { user, organizations: await allMemberships({ storage: deps.storage, userId: user.id }) };
  });
}
