import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedTemplate } from '../src/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated embedded database (see `openTestStorage`). */
    pgliteTemplate: string;
  }
}

/** Makes the run's one migrated embedded database, which every PGlite test storage starts from. */
export default async function setup(project: TestProject) {
  const file = join(tmpdir(), `comply-storage-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await (await migratedTemplate()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
