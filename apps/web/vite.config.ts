import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds the console into dist/, which apps/server serves at `/`; `vite` alone proxies the API. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:8787' } },
});
