import { writeFile } from 'node:fs/promises';
import { EXPORT_MODELS, exportOscal } from '../oscal/export.js';
import { optional, required } from './actor.js';
import type { Command } from './commands.js';
import { refusing } from './frameworks.js';
import { cliOrganization } from './organization.js';
import { withStorage } from './storage.js';

/** `comply export oscal --model M --org ID [--framework FW] [--out FILE]`: the endpoint's document. */
export const exportOscalCommand: Command = {
  options: {
    model: { type: 'string' },
    org: { type: 'string' },
    framework: { type: 'string' },
    out: { type: 'string' },
  },
  async run({ values, positionals }) {
    if (positionals.length > 0) throw new Error(`unexpected argument "${positionals[0]}"`);
    const model = optional(values, 'model');
    if (!model) throw new Error(`--model is required: one of ${EXPORT_MODELS.join(', ')}`);
    const organizationId = required(values, 'org');
    const out = optional(values, 'out');
    return refusing(() =>
      withStorage(async (storage) => {
        const organization = await cliOrganization({ storage, organizationId });
        const document = await exportOscal({
          storage,
          organization,
          model,
          frameworkId: optional(values, 'framework'),
        });
        const text = `${JSON.stringify(document, null, 2)}\n`;
        if (out) {
          await writeFile(out, text);
          process.stderr.write(`wrote ${model} to ${out} (${Buffer.byteLength(text)} bytes)\n`);
        } else {
          process.stdout.write(text);
        }
        return 0;
      }),
    );
  },
};
