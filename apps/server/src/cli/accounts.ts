import { passwordProblem } from '../auth/password-rules.js';
import { CLI_ACTOR, required } from './actor.js';
import type { Command } from './commands.js';
import { readStdin, withStorage } from './storage.js';

const MAX_EXPIRY_DAYS = 365;

/** `90d` → an expiry date; `never` → null (with a warning). */
export function parseExpiry({ text, now }: { text: string; now: Date }): string | null {
  if (text === 'never') {
    process.stderr.write('comply: warning: this token never expires; rotate it about every 90 days.\n');
    return null;
  }
  const match = /^(\d{1,3})d$/.exec(text);
  const days = match ? Number(match[1]) : Number.NaN;
  if (!(days >= 1 && days <= MAX_EXPIRY_DAYS)) {
    throw new Error(
      `--expires-in must be a number of days from 1d to ${MAX_EXPIRY_DAYS}d, or never (got "${text}")`,
    );
  }
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}

export const usersCreate: Command = {
  options: { email: { type: 'string' }, name: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
  async run({ values }) {
    const email = required(values, 'email');
    if (!values['password-stdin'])
      throw new Error('--password-stdin is required: pipe the password on standard input');
    const password = (await readStdin()).replace(/\r?\n$/, '');
    const problem = passwordProblem({ password, email });
    if (problem) throw new Error(`the password ${problem}`);
    const name = typeof values.name === 'string' ? values.name : null;
    const user = await withStorage((storage) => storage.users.create({ email, password, name }));
    process.stdout.write(`${user.id}\n`);
    return 0;
  },
};

export const orgsCreate: Command = {
  options: { name: { type: 'string' }, owner: { type: 'string' }, description: { type: 'string' } },
  async run({ values }) {
    const name = required(values, 'name');
    const ownerEmail = required(values, 'owner');
    const org = await withStorage(async (storage) => {
      const owner = await storage.users.findByEmail({ email: ownerEmail });
      if (!owner) throw new Error(`no user with email ${ownerEmail}; create it with \`comply users create\``);
      const description = typeof values.description === 'string' ? values.description : null;
      return storage.organizations.create({
        name,
        description,
        ownerUserId: owner.id,
        actor: CLI_ACTOR('createOrganization'),
      });
    });
    process.stdout.write(`${org.id}\n`);
    return 0;
  },
};

export const tokensCreate: Command = {
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    'expires-in': { type: 'string', default: '90d' },
    'read-only': { type: 'boolean' },
    org: { type: 'string', multiple: true },
  },
  async run({ values }) {
    const email = required(values, 'email');
    const name = required(values, 'name');
    const expiresAt = parseExpiry({ text: String(values['expires-in']), now: new Date() });
    const orgs = (values.org as string[] | undefined) ?? [];
    const { secret } = await withStorage(async (storage) => {
      const user = await storage.users.findByEmail({ email });
      if (!user) throw new Error(`no user with email ${email}`);
      return storage.tokens.create({
        userId: user.id,
        name,
        scope: values['read-only'] ? 'READ' : 'WRITE',
        expiresAt,
        organizationIds: orgs.length > 0 ? orgs : null,
        actor: { ...CLI_ACTOR('createToken'), userId: user.id },
      });
    });
    // Only the secret goes to stdout, so `$(comply tokens create …)` captures exactly the token.
    process.stdout.write(`${secret}\n`);
    return 0;
  },
};

export const tokensRevoke: Command = {
  options: {},
  async run({ positionals }) {
    const tokenId = positionals[0];
    if (!tokenId) throw new Error('usage: comply tokens revoke <token id>');
    const token = await withStorage((storage) =>
      storage.tokens.revoke({ tokenId, actor: CLI_ACTOR('revokeToken') }),
    );
    process.stdout.write(`revoked ${token.id} (${token.name})\n`);
    return 0;
  },
};
