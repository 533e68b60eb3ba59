import { openStorage } from '@comply/storage';
import { loadConfig } from '../config.js';
import { issueSetupCode } from '../console/setup-code.js';
import { startServer } from '../serve.js';
import type { Command } from './commands.js';

function firstRunHelp({ url, setupCode }: { url: string; setupCode: string }): string {
  return [
    '',
    'No accounts exist yet. Open the web console to create the owner account and first organization:',
    '',
    `  ${url}/setup`,
    `  one-time setup code: ${setupCode}`,
    '',
    '(The code works once; restarting `comply serve` before setup replaces it.)',
    '',
    'Or, headless, create the owner, an organization and an API token with the CLI (on the embedded',
    'database, stop the server first: only one process may open its data directory):',
    '',
    '  printf "%s" "<a password of 12+ characters>" | npx comply users create --email you@example.com --password-stdin',
    '  npx comply orgs create --name "Acme" --owner you@example.com',
    '  npx comply tokens create --email you@example.com --name "my laptop"',
    '',
    `Then point an MCP client at ${url}/api/mcp/v1 with the header "Authorization: Bearer <token>".`,
    '',
  ].join('\n');
}

/** `comply serve`: listens until SIGTERM/SIGINT, then finishes in-flight requests and closes the database. */
export const serve: Command = {
  options: {},
  async run() {
    const config = loadConfig();
    const storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const running = await startServer({ config, storage }).catch(async (error: unknown) => {
      await storage.close();
      throw error;
    });
    const publicUrl = config.publicUrl ?? running.url;
    running.app.log.info(
      { url: publicUrl, mcp: `${publicUrl}/api/mcp/v1`, database: storage.driver },
      'Comply is listening',
    );
    if ((await storage.users.count()) === 0) {
      process.stdout.write(firstRunHelp({ url: publicUrl, setupCode: await issueSetupCode(storage) }));
    }
    const signal = await new Promise<string>((resolve) => {
      process.once('SIGTERM', () => resolve('SIGTERM'));
      process.once('SIGINT', () => resolve('SIGINT'));
    });
    running.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await running.stop();
    await storage.close();
    return 0;
  },
};
