import type { Command } from './commands.js';

/** `comply seed`: demo or bulk data. Wired to the storage data generator once it lands. */
export const seed: Command = {
  options: {
    demo: { type: 'boolean' },
    owner: { type: 'string' },
    orgs: { type: 'string' },
    risks: { type: 'string' },
    vendors: { type: 'string' },
    measures: { type: 'string' },
    obligations: { type: 'string' },
  },
  async run() {
    throw new Error('seeding is not available yet');
  },
};
