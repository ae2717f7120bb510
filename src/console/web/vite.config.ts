import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The console's bundle: Preact pages built into dist/console, served by the platform at /console/ (src/console/routes/page-routes.ts). */
export default defineConfig({
  root: here('.'),
  base: '/console/',
  publicDir: false,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: here('../../../dist/console'),
    emptyOutDir: true,
    // one small app: no module preloading helper inlined, nothing fetched but its own files
    modulePreload: false,
    chunkSizeWarningLimit: 400,
  },
});
