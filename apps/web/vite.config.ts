import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const api = process.env.PORTAL_API ?? 'http://localhost:8080';

export default defineConfig({
  // preact() runs the pages on Preact, with react and react-dom aliased to preact/compat: the same
  // components at about a tenth of React DOM's weight (ADR 0027). Types stay React's.
  // Every text asset is also written as .br (brotli at its highest quality) and .gz (gzip level 9)
  // once at build time; the server sends those as they are, instead of compressing on each request.
  plugins: [preact(), compression({ include: /\.(html|css|js|svg|json|webmanifest|txt)$/, threshold: 1024, logLevel: 'silent' })],
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-config.ts', import.meta.url)) }] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': api, '/media': api } },
});
