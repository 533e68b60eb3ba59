import { z } from 'zod';
import { PASSWORD_MAX } from '../auth/password-rules.js';
import { consoleError } from './errors.js';
import { checkNewPassword } from './new-password.js';
import { type LimitedConsoleRoutes, reserveAttempt } from './rate-limit.js';
import { startSession } from './session.js';
import { consumeSetupCode, setupCodePending } from './setup-code.js';
import { parseInput } from './validate.js';

const setupBody = z.strictObject({
  code: z.string().trim().min(1).max(200),
  email: z.email().trim().max(320),
  name: z.string().trim().min(1).max(200).optional(),
  password: z.string().max(PASSWORD_MAX),
  organization_name: z.string().trim().min(1).max(200),
});

/** `GET /setup` (is first-run setup open?) and `POST /setup` (create the owner and first organization). */
export function registerSetupRoutes({ scope, deps, limiter }: LimitedConsoleRoutes) {
  const { storage } = deps;

  scope.get('/setup', async () => ({
    needed: (await storage.users.count()) === 0,
    code_issued: await setupCodePending(storage),
  }));

  scope.post('/setup', async (request, reply) => {
    const body = parseInput({ schema: setupBody, value: request.body });
    checkNewPassword({ password: body.password, email: body.email, field: 'password' });
    const succeeded = await reserveAttempt({
      limiter,
      keys: [`setup:${request.ip}`],
      reply,
      message: 'Too many attempts.',
    });
    const result = await storage.transaction(async (repos) => {
      if (!(await consumeSetupCode({ repos, code: body.code }))) return null;
      if ((await repos.users.count()) > 0) return null;
      const user = await repos.users.create({ email: body.email, password: body.password, name: body.name });
      const organization = await repos.organizations.create({
        name: body.organization_name,
        ownerUserId: user.id,
        actor: { userId: user.id, tokenId: null, source: 'console', action: 'setup' },
      });
      return { user, organization };
    });
    if (!result) {
      throw consoleError({
        code: 'FORBIDDEN',
        field: 'code',
        message:
          'The setup code is not valid, or setup is already done. Restart the server (comply serve) for a new code while no account exists.',
      });
    }
    await succeeded();
    await startSession({ deps, request, reply, userId: result.user.id });
    return reply.code(201).send({ user: result.user, organizations: [result.organization] });
  });
}
