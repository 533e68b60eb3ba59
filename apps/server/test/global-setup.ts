import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedTemplate } from '@comply/storage';
import type { TestProject } from 'vitest/node';
import { buildViewsIfStale } from '../scripts/build-views.js';
import { buildWebOnce } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated embedded database, for `embeddedDatabase()` (test/embedded.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Runs once before any test file: the browser tests' files run in parallel workers, and each
 * building apps/web/dist itself made concurrent builds of one directory fail. The MCP Apps views
 * (dist/views) are rebuilt when their sources changed, as resources/read serves them. Every
 * embedded test database starts from one migrated template, made here once.
 */
export default async function setup(project: TestProject) {
  await buildViewsIfStale();
  await buildWebOnce();
  const file = join(tmpdir(), `comply-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await (await migratedTemplate()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
