import { z } from 'zod';
import { PASSWORD_MAX } from '../auth/password-rules.js';
import { publicOrigin } from './context.js';
import { consoleError } from './errors.js';
import { checkNewPassword } from './new-password.js';
import { type LimitedConsoleRoutes, reserveAttempt } from './rate-limit.js';
import { refusePasswordForSso } from './sso.js';
import { parseInput } from './validate.js';

const requestBody = z.strictObject({ email: z.string().trim().min(1).max(320) });
const confirmBody = z.strictObject({
  token: z.string().min(1).max(200),
  new_password: z.string().max(PASSWORD_MAX),
});

/** How long a reset link works. */
export const RESET_TTL_MS = 60 * 60_000;

/** The reply to every reset request, whether or not the address has an account. */
const SENT = {
  message:
    'If an account uses this address, a link to set a new password is on its way. It works once, for an hour.',
};

/**
 * `POST /password-reset` (send a link) and `POST /password-reset/confirm` (set the password with
 * it). The request answers the same, at once, whether or not the address has an account: the
 * look-up and the mail happen after the reply. A link holds a 256-bit token (only its hash is
 * stored), works once and for an hour; using it signs every session of the account out.
 */
export function registerPasswordResetRoutes({ scope, deps, limiter }: LimitedConsoleRoutes) {
  scope.post('/password-reset', async (request, reply) => {
    const body = parseInput({ schema: requestBody, value: request.body });
    refusePasswordForSso({ deps, email: body.email });
    if (!deps.mailer.enabled) {
      throw consoleError({
        code: 'UNAVAILABLE',
        message: 'This server sends no e-mail (no SMTP server is configured); ask an administrator.',
      });
    }
    const email = body.email.toLowerCase();
    // Both keys are spent whatever the outcome: the reply must not differ for known addresses.
    await reserveAttempt({
      limiter,
      keys: [`reset-ip:${request.ip}`, `reset-email:${email}`],
      reply,
      message: 'Too many password-reset requests.',
    });
    const origin = publicOrigin({ request, config: deps.config });
    const send = async () => {
      const user = await deps.storage.users.findByEmail({ email });
      if (!user) return;
      const token = await deps.storage.identity.createPasswordReset({ userId: user.id, ttlMs: RESET_TTL_MS });
      // The token is in the fragment: browsers send it neither to the server's logs nor as a Referer.
      const link = `${origin}/reset-password#token=${token}`;
      await deps.mailer.send({
        to: user.email,
        subject: 'Set a new Comply password',
        text: `Someone asked to set a new password for ${user.email} on Comply.\n\nTo set one, open this link within an hour (it works once):\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
      });
    };
    send().catch((error: unknown) => request.log.error({ err: error }, 'password-reset mail failed'));
    return reply.code(202).send(SENT);
  });

  scope.post('/password-reset/confirm', async (request, reply) => {
    const body = parseInput({ schema: confirmBody, value: request.body });
    await reserveAttempt({
      limiter,
      keys: [`reset-token:${request.ip}`],
      reply,
      message: 'Too many password-reset attempts.',
    });
    const invalid = () =>
      consoleError({
        code: 'INVALID_INPUT',
        field: 'token',
        message:
          'This link is not valid: it was used already, has expired, or was mistyped. Ask for a new one.',
      });
    const found = await deps.storage.identity.passwordResetUser({ token: body.token });
    if (!found) throw invalid();
    checkNewPassword({ password: body.new_password, email: found.email, field: 'new_password' });
    const userId = await deps.storage.identity.redeemPasswordReset({
      token: body.token,
      password: body.new_password,
      actor: { tokenId: null, source: 'console', action: 'resetPassword' },
    });
    if (!userId) throw invalid();
    return reply.code(204).send();
  });
}
