import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const api = process.env.PORTAL_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-config.ts', import.meta.url)) }] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': api, '/media': api } },
});
