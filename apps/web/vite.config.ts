import preact from '@preact/preset-vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const api = process.env.PORTAL_API ?? 'http://localhost:8080';
// The brand is the site's, written once in the catalogue (docs: DECISIONS, Brand).
const site = JSON.parse(readFileSync(new URL('../../data/catalog/site.json', import.meta.url), 'utf8')) as { name: string; shortName: string };

export default defineConfig({
  // preact() runs the pages on Preact, with react and react-dom aliased to preact/compat: the same
  // components at about a tenth of React DOM's weight (ADR 0027). Types stay React's.
  plugins: [
    preact(),
    // Every text asset is also written as .br (brotli at its highest quality) and .gz (gzip level 9)
    // once at build time; the server sends those as they are, instead of compressing on each request.
    compression({ include: /\.(html|css|js|svg|json|webmanifest|txt)$/, threshold: 1024, logLevel: 'silent' }),
    // Offline use and installation (ADR 0026): the page registers sw/sw.ts itself, after it has loaded.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: null,
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png}'] },
      manifest: {
        name: site.name,
        short_name: site.shortName,
        description: 'Open research data on climate, land, energy, water and the economy of Kenya and its 47 counties.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // --portal-blue of styles.css.
        theme_color: '#0b4f8a',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-config.ts', import.meta.url)) }] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': api, '/media': api } },
});
