import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * Builds the console into dist/, which apps/server serves at `/`; `vite` alone proxies the API.
 * Workspace packages resolve to their TypeScript sources (the `@comply/source` export condition), so
 * the build needs no package built first (the browser tests build it on a fresh clone).
 */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@comply/source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:8787' } },
});
