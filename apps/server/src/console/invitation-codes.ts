import type { RedeemProblem, Storage } from '@comply/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PASSWORD_MAX } from '../auth/password-rules.js';
import { allMemberships } from './access.js';
import { type ConsoleRoutes, identityOf } from './context.js';
import { consoleError } from './errors.js';
import { checkNewPassword } from './new-password.js';
import { type AttemptLimiter, type LimitedConsoleRoutes, reserveAttempt } from './rate-limit.js';
import { startSession } from './session.js';
import { parseInput } from './validate.js';

const code = z.string().trim().min(1).max(200);
const codeBody = z.strictObject({ code });
const redeemBody = z.strictObject({
  code,
  password: z.string().max(PASSWORD_MAX),
  name: z.string().trim().min(1).max(200).optional(),
});

const PROBLEMS: Record<RedeemProblem, Parameters<typeof consoleError>[0]> = {
  invalid: {
    code: 'NOT_FOUND',
    field: 'code',
    message:
      'This invitation is not valid: it may have expired, been used or been withdrawn. Ask for a new one.',
  },
  other_email: {
    code: 'FORBIDDEN',
    field: 'code',
    message: 'This invitation is for another email address. Sign in with that account to accept it.',
  },
  account_exists: {
    code: 'CONFLICT',
    field: 'code',
    message: 'An account with this email already exists. Sign in, then accept the invitation.',
  },
};

/**
 * The invitation `code` names, for a caller without a session: the attempt counts against this
 * address, a wrong code is refused (and stays counted), a usable one gives the attempt back.
 */
async function previewCode({
  limiter,
  storage,
  request,
  reply,
  code,
}: {
  limiter: AttemptLimiter;
  storage: Storage;
  request: FastifyRequest;
  reply: FastifyReply;
  code: string;
}) {
  const succeeded = await reserveAttempt({
    limiter,
    keys: [`invitation:${request.ip}`],
    reply,
    message: 'Too many invalid invitation codes.',
  });
  const preview = await storage.invitationCodes.preview({ secret: code });
  if (!preview) throw consoleError(PROBLEMS.invalid);
  await succeeded();
  return preview;
}

/** `POST /invitations/preview` and `POST /invitations/redeem`: for people without a session. */
export function registerInvitationCodeRoutes({ scope, deps, limiter }: LimitedConsoleRoutes) {
  const { storage } = deps;

  scope.post('/invitations/preview', async (request, reply) => {
    const body = parseInput({ schema: codeBody, value: request.body });
    return { invitation: await previewCode({ limiter, storage, request, reply, code: body.code }) };
  });

  scope.post('/invitations/redeem', async (request, reply) => {
    const body = parseInput({ schema: redeemBody, value: request.body });
    const preview = await previewCode({ limiter, storage, request, reply, code: body.code });
    checkNewPassword({ password: body.password, email: preview.email, field: 'password' });
    const result = await storage.invitationCodes.redeem({
      secret: body.code,
      password: body.password,
      name: body.name,
    });
    if (!result.ok) throw consoleError(PROBLEMS[result.problem]);
    const { user } = result.value;
    await startSession({ deps, request, reply, userId: user.id });
    return reply.code(201).send({ user, organizations: await allMemberships({ storage, userId: user.id }) });
  });
}

/** `POST /invitations/accept`: the signed-in account joins, if the invitation was addressed to it. */
export function registerInvitationAccept({ scope, deps }: ConsoleRoutes) {
  scope.post('/invitations/accept', async (request) => {
    const body = parseInput({ schema: codeBody, value: request.body });
    const { user } = identityOf(request);
    const result = await deps.storage.invitationCodes.accept({ secret: body.code, user });
    if (!result.ok) throw consoleError(PROBLEMS[result.problem]);
    return {
      membership: result.value,
      organizations: await allMemberships({ storage: deps.storage, userId: user.id }),
    };
  });
}
