import { createRequire } from 'node:module';

const manifest = createRequire(import.meta.url)('../package.json') as { version: string };

/** The server's release version, from its package.json. */
export const SERVER_VERSION: string = manifest.version;
