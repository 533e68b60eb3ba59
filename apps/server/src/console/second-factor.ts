import { randomInt } from 'node:crypto';
import type { Actor } from '@comply/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import { toDataURL } from 'qrcode';
import { z } from 'zod';
import { allMemberships, OWN_PEOPLE_ROLES, requireRole } from './access.js';
import { type ConsoleDeps, type ConsoleRoutes, identityOf } from './context.js';
import { readCookie, SESSION_COOKIE } from './cookies.js';
import { consoleError } from './errors.js';
import { type AttemptLimiter, type LimitedConsoleRoutes, reserveAttempt } from './rate-limit.js';
import { parseInput } from './validate.js';

const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Codes of the step before and after the current one are accepted (clock drift of ±30 s). */
const TOLERANCE_SECONDS = 30;

const codeBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six digits'),
});
const factorBody = z
  .strictObject({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'six digits')
      .optional(),
    recovery_code: z.string().trim().min(1).max(40).optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recovery_code === undefined), {
    message: 'Give either `code` (six digits from the authenticator app) or `recovery_code`.',
    path: ['code'],
  });
const securityBody = z.strictObject({ require_totp: z.boolean() });

/** Ten fresh recovery codes, `xxxxx-xxxxx` from 31 unambiguous characters (about 49 bits each). */
function newRecoveryCodes(): string[] {
  const part = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODES }, () => `${part()}-${part()}`);
}

/** The time step `code` belongs to when it is right for `secret` now (and later than `after`), else null. */
async function codeStep({
  deps,
  secret,
  code,
  after,
}: {
  deps: ConsoleDeps;
  secret: string;
  code: string;
  after: number | null;
}): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(deps.storage.clock().getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const wrongCode = (field: string) =>
  consoleError({ code: 'INVALID_INPUT', field, message: 'This code is not correct (or was used already).' });

/**
 * Checks a second factor of `userId` — a current TOTP code (each accepted once) or an unused
 * recovery code (spent) — after reserving an attempt on the account's key; throws when wrong.
 */
async function checkFactor({
  deps,
  limiter,
  reply,
  userId,
  body,
  actor,
}: {
  deps: ConsoleDeps;
  limiter: AttemptLimiter;
  reply: FastifyReply;
  userId: string;
  body: { code?: string | undefined; recovery_code?: string | undefined };
  actor: Actor;
}): Promise<void> {
  const succeeded = await reserveAttempt({
    limiter,
    keys: [`factor:${userId}`],
    reply,
    message: 'Too many wrong codes.',
  });
  if (body.recovery_code !== undefined) {
    const code = body.recovery_code.toLowerCase();
    if (!(await deps.storage.identity.useRecoveryCode({ userId, code, actor })))
      throw wrongCode('recovery_code');
  } else {
    const totp = await deps.storage.identity.totpSecret({ userId });
    const step =
      totp && (await codeStep({ deps, secret: totp.secret, code: body.code ?? '', after: totp.lastStep }));
    if (step === null || step === undefined || !(await deps.storage.identity.acceptStep({ userId, step })))
      throw wrongCode('code');
  }
  await succeeded();
}

const consoleActor = (userId: string, action: string): Actor => ({
  userId,
  tokenId: null,
  source: 'console',
  action,
});

/**
 * Routes a session may reach while a second factor is still missing: its own session and the
 * account's second-factor set-up (the rest answers 403 until one is set up).
 */
export function allowedWithoutFactor(url: string | undefined): boolean {
  return url === '/api/console/session' || Boolean(url?.startsWith('/api/console/account/'));
}

/**
 * `POST /session/second-factor`: the code step of a sign-in. The password step left a session that
 * serves nothing else (`pending_factor`); a right code (or recovery code) completes it. Outside the
 * session hook, which refuses pending sessions.
 */
export function registerSecondFactorStep({ scope, deps, limiter }: LimitedConsoleRoutes) {
  scope.post('/session/second-factor', async (request, reply) => {
    const body = parseInput({ schema: factorBody, value: request.body });
    const secret = readCookie({ request, name: SESSION_COOKIE });
    const found = secret ? await deps.storage.sessions.get(secret) : null;
    if (!secret || !found?.session.pending_factor) {
      throw consoleError({ code: 'UNAUTHORIZED', message: 'Sign in with your password first.' });
    }
    const userId = found.user.id;
    await checkFactor({
      deps,
      limiter,
      reply,
      userId,
      body,
      actor: consoleActor(userId, 'signInSecondFactor'),
    });
    await deps.storage.sessions.completeFactor(secret);
    return { user: found.user, organizations: await allMemberships({ storage: deps.storage, userId }) };
  });
}

/** `GET /account/second-factor`: enabled, recovery codes left, whether an organization requires one. */
async function factorState({ deps, request }: { deps: ConsoleDeps; request: FastifyRequest }) {
  const { user } = identityOf(request);
  const [state, required] = await Promise.all([
    deps.storage.identity.state({ userId: user.id }),
    deps.storage.identity.totpRequired({ userId: user.id }),
  ]);
  return { ...state, required };
}

/**
 * Enrolment (`enrol` shows a new secret as a QR code and text; `confirm` with a code from the app
 * turns it on and shows ten recovery codes once), new recovery codes, turning it off (both need a
 * current code), and an organization's rule (`/orgs/:orgId/security`, OWNERs change it).
 */
export function registerSecondFactorRoutes({ scope, deps, limiter }: LimitedConsoleRoutes) {
  scope.get('/account/second-factor', (request) => factorState({ deps, request }));

  scope.post('/account/second-factor/enrol', async (request) => {
    const { user } = identityOf(request);
    if ((await deps.storage.identity.state({ userId: user.id })).enabled) {
      throw consoleError({
        code: 'CONFLICT',
        message: 'A second factor is set up already; turn it off first.',
      });
    }
    const secret = generateSecret();
    await deps.storage.identity.beginTotp({ userId: user.id, secret });
    const otpauthUri = generateURI({ issuer: 'Comply', label: user.email, secret });
    // The secret is shown this once; afterwards no route returns it.
    return {
      secret,
      otpauth_uri: otpauthUri,
      qr_code: await toDataURL(otpauthUri, { margin: 1, width: 220 }),
    };
  });

  scope.post('/account/second-factor/confirm', async (request, reply) => {
    const body = parseInput({ schema: codeBody, value: request.body });
    const { user } = identityOf(request);
    const succeeded = await reserveAttempt({
      limiter,
      keys: [`factor:${user.id}`],
      reply,
      message: 'Too many wrong codes.',
    });
    const pending = await deps.storage.identity.pendingTotp({ userId: user.id });
    if (!pending) throw consoleError({ code: 'CONFLICT', message: 'Start the set-up first (a new secret).' });
    const step = await codeStep({ deps, secret: pending, code: body.code, after: null });
    if (step === null) throw wrongCode('code');
    await succeeded();
    const recoveryCodes = newRecoveryCodes();
    const enabled = await deps.storage.identity.enableTotp({
      userId: user.id,
      step,
      recoveryCodes,
      actor: consoleActor(user.id, 'enableSecondFactor'),
    });
    if (!enabled) throw consoleError({ code: 'CONFLICT', message: 'Start the set-up first (a new secret).' });
    return { recovery_codes: recoveryCodes };
  });

  /** The signed-in user and the actor of `action`, once the second factor the body gives is right. */
  const withFactor = async (
    request: FastifyRequest,
    reply: FastifyReply,
    schema: typeof codeBody | typeof factorBody,
    action: string,
  ) => {
    const body = parseInput({ schema, value: request.body });
    const { user } = identityOf(request);
    const actor = consoleActor(user.id, action);
    await checkFactor({ deps, limiter, reply, userId: user.id, body, actor });
    return { userId: user.id, actor };
  };

  scope.post('/account/second-factor/recovery-codes', async (request, reply) => {
    const { userId, actor } = await withFactor(request, reply, codeBody, 'replaceRecoveryCodes');
    const recoveryCodes = newRecoveryCodes();
    await deps.storage.identity.replaceRecoveryCodes({ userId, recoveryCodes, actor });
    return { recovery_codes: recoveryCodes };
  });

  scope.post('/account/second-factor/disable', async (request, reply) => {
    const { userId, actor } = await withFactor(request, reply, factorBody, 'disableSecondFactor');
    await deps.storage.identity.disableTotp({ userId, actor });
    return reply.code(204).send();
  });
}

/** `GET` (members, not auditors) and `PUT` (OWNERs) `/orgs/:orgId/security`: whether members need a second factor. */
export function registerOrganizationSecurityRoutes({ scope, deps }: ConsoleRoutes) {
  scope.get<{ Params: { orgId: string } }>('/orgs/:orgId/security', async (request) => {
    const organizationId = request.params.orgId;
    await requireRole({
      storage: deps.storage,
      userId: identityOf(request).user.id,
      organizationId,
      roles: OWN_PEOPLE_ROLES,
    });
    return deps.storage.identity.organizationSecurity({ organizationId });
  });

  scope.put<{ Params: { orgId: string } }>('/orgs/:orgId/security', async (request) => {
    const { user } = identityOf(request);
    const organizationId = request.params.orgId;
    await requireRole({ storage: deps.storage, userId: user.id, organizationId, roles: ['OWNER'] });
    const body = parseInput({ schema: securityBody, value: request.body });
    return deps.storage.identity.setOrganizationSecurity({
      organizationId,
      requireTotp: body.require_totp,
      actor: consoleActor(user.id, 'updateOrganizationSecurity'),
    });
  });
}
