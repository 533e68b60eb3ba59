import { type Storage, seedBulk, seedDemo } from '@comply/storage';
import type { Command, CommandInput } from './commands.js';
import { demoSummary } from './seed-summary.js';
import { withStorage } from './storage.js';

const COUNTS = ['risks', 'vendors', 'measures', 'obligations', 'nonconformities', 'audits'] as const;

function count({ values, name }: { values: CommandInput['values']; name: string }): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 10_000_000) {
    throw new Error(`--${name} must be a whole number from 0 to 10000000 (got "${raw}")`);
  }
  return value;
}

/** The owner named by --owner, or the only user there is. */
async function resolveOwner({ storage, email }: { storage: Storage; email: unknown }): Promise<string> {
  if (typeof email === 'string') {
    const user = await storage.users.findByEmail({ email });
    if (!user) throw new Error(`no user with email ${email}; create it with \`comply users create\``);
    return user.id;
  }
  const only = await storage.users.soleId();
  if (!only) throw new Error('--owner <email> is required (it names the user who will own the seeded data)');
  return only;
}

/** `comply seed --demo` (one realistic organization) or `comply seed --orgs N --risks M …` (bulk). */
export const seed: Command = {
  options: {
    demo: { type: 'boolean' },
    owner: { type: 'string' },
    orgs: { type: 'string' },
    ...Object.fromEntries(COUNTS.map((name) => [name, { type: 'string' as const }])),
  },
  async run({ values }) {
    const orgs = count({ values, name: 'orgs' });
    if (!values.demo && orgs === undefined)
      throw new Error('say --demo, or --orgs N with --risks M (and other counts)');
    await withStorage(async (storage) => {
      const ownerUserId = await resolveOwner({ storage, email: values.owner });
      if (values.demo) {
        process.stdout.write(`${demoSummary(await seedDemo({ storage, ownerUserId }))}\n`);
        return;
      }
      const counts = Object.fromEntries(COUNTS.map((name) => [name, count({ values, name }) ?? 0]));
      const started = performance.now();
      const result = await seedBulk({
        storage,
        ownerUserId,
        orgs: orgs ?? 1,
        ...counts,
        risks: counts.risks ?? 0,
      });
      const seconds = (performance.now() - started) / 1000;
      process.stderr.write(`seeded ${result.rows} rows in ${seconds.toFixed(1)} s\n`);
      process.stdout.write(`${result.organizationIds.join('\n')}\n`);
    });
    return 0;
  },
};
