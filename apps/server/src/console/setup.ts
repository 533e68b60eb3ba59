import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ConsoleDeps } from './context.js';
import { consoleError } from './errors.js';
import type { FailureLimiter } from './rate-limit.js';
import { PASSWORD_MIN, startSession } from './session.js';
import { consumeSetupCode, setupCodePending } from './setup-code.js';
import { parseInput } from './validate.js';

const setupBody = z.strictObject({
  code: z.string().trim().min(1).max(200),
  email: z.email().trim().max(320),
  name: z.string().trim().min(1).max(200).optional(),
  password: z.string().min(PASSWORD_MIN, `must have at least ${PASSWORD_MIN} characters`).max(1000),
  organization_name: z.string().trim().min(1).max(200),
});

/** `GET /setup` (is first-run setup open?) and `POST /setup` (create the owner and first organization). */
export function registerSetupRoutes({
  scope,
  deps,
  limiter,
}: {
  scope: FastifyInstance;
  deps: ConsoleDeps;
  limiter: FailureLimiter;
}) {
  const { storage } = deps;

  scope.get('/setup', async () => ({
    needed: (await storage.users.count()) === 0,
    code_issued: await setupCodePending(storage),
  }));

  scope.post('/setup', async (request, reply) => {
    const body = parseInput({ schema: setupBody, value: request.body });
    const keys = [`setup:${request.ip}`];
    const wait = limiter.retryAfter(keys);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw consoleError({
        code: 'RATE_LIMITED',
        message: `Too many attempts. Try again in ${wait} seconds.`,
      });
    }
    const result = await storage.transaction(async (repos) => {
      if (!(await consumeSetupCode({ db: repos.db, code: body.code }))) return null;
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
      limiter.fail(keys);
      throw consoleError({
        code: 'FORBIDDEN',
        field: 'code',
        message:
          'The setup code is not valid, or setup is already done. Restart `comply serve` for a new code while no account exists.',
      });
    }
    await startSession({ deps, request, reply, userId: result.user.id });
    return reply.code(201).send({ user: result.user, organizations: [result.organization] });
  });
}
