import { fileURLToPath } from 'node:url';

/** The repository's root directory, with a trailing slash. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
