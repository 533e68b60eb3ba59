import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

let template: Blob | undefined;

/**
 * openStorage options for a new in-memory embedded database, started from the run's migrated
 * template (test/global-setup.ts) instead of initdb and every migration.
 */
export function embeddedDatabase(): { dataDir: string; template: Blob } {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return { dataDir: 'memory://', template };
}
