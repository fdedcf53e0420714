import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.PORTAL_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': api, '/media': api } },
});
