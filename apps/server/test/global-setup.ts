import { buildViewsIfStale } from '../scripts/build-views.js';
import { buildWebOnce } from './browser.js';

/**
 * Runs once before any test file: the browser tests' files run in parallel workers, and each
 * building apps/web/dist itself made concurrent builds of one directory fail. The MCP Apps views
 * (dist/views) are rebuilt when their sources changed, as resources/read serves them.
 */
export default async function setup() {
  await buildViewsIfStale();
  await buildWebOnce();
}
