import { buildWebOnce } from './browser.js';

/**
 * Runs once before any test file: the browser tests' files run in parallel workers, and each
 * building apps/web/dist itself made concurrent builds of one directory fail.
 */
export default async function setup() {
  await buildWebOnce();
}
