import purgeCss from '@fullhuman/postcss-purgecss';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Helpers, Root } from 'postcss';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const api = process.env.PORTAL_API ?? 'http://localhost:8080';
// The brand is the site's, written once in the catalogue (docs: DECISIONS, Brand).
const site = JSON.parse(readFileSync(new URL('../../data/catalog/site.json', import.meta.url), 'utf8')) as {
  name: string;
  shortName: string;
};

/**
 * Bootstrap's stylesheet blocks the first paint of every page, and the pages use about a tenth of
 * it: the build keeps the rules whose classes appear in our code or in react-bootstrap's, and those
 * react-bootstrap composes at run time from props (variant="warning" gives alert-warning). Other
 * stylesheets (ours, Leaflet's, the calendar's) are left whole.
 */
const bootstrapUnused = purgeCss({
  content: [
    fileURLToPath(new URL('./src/**/*.{ts,tsx}', import.meta.url)),
    // The react-bootstrap components the pages use, and those they are built from.
    fileURLToPath(
      new URL(
        '../../node_modules/react-bootstrap/esm/{Alert,Badge,Button,Card*,CloseButton,Container,Form*,InputGroup*,Modal*,BootstrapModalManager,Offcanvas*,Overlay,Popover*,Spinner,Table,Fade,Collapse,AbstractModalHeader,Feedback,Switch}.js',
        import.meta.url,
      ),
    ),
  ],
  // Classes react-bootstrap makes from props; `show` and its kin come and go with transitions.
  safelist: {
    standard: [
      /^(btn|alert|spinner|offcanvas|modal|bg|text|table|form-control|form-select|input-group)-/,
      /^modal$/,
      /^(fade|show|showing|hiding|collapsing)$/,
    ],
  },
});
const purgeBootstrap = {
  postcssPlugin: 'purge-bootstrap',
  OnceExit: (root: Root, helpers: Helpers) =>
    root.source?.input.file?.includes('/node_modules/bootstrap/')
      ? (bootstrapUnused as { OnceExit: (root: Root, helpers: Helpers) => Promise<void> }).OnceExit(root, helpers)
      : undefined,
};

/** What only the browsers' build writes: compressed copies of its assets, and the service worker. */
const browserPlugins = (serverBuild: boolean) => [
  // Every text asset is also written as .br (brotli at its highest quality) and .gz (gzip level 9)
  // once at build time; the server sends those as they are, instead of compressing on each request.
  ...(serverBuild
    ? []
    : [compression({ include: /\.(html|css|js|svg|json|webmanifest|txt)$/, threshold: 1024, logLevel: 'silent' })]),
  // Offline use and installation (ADR 0026): the page registers sw/sw.ts itself, after it has loaded.
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: null,
    // The server's build renders pages that import the registration, which does nothing there.
    disable: serverBuild,
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
];

/** The modules Rolldown's chunking can look up: each module's static imports. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The app's start (entry.client) and the root route's module, as the build names them. */
const START_MODULES = ['./src/entry.client.tsx', './src/root.tsx?__react-router-build-client-route'].map((path) =>
  fileURLToPath(new URL(path, import.meta.url)).replace('%3F', '?'),
);
const startedBy = new WeakMap<ModuleGraph, Set<string>>();

/**
 * Every module the start and the root statically import, React's included, goes into one chunk,
 * "start": every page loads all of them. Left to itself, Rolldown cuts them into one chunk per set
 * of routes that share them (eight small chunks), as it cannot know that the root comes with every
 * route; each chunk is one more request, and on HTTP/1.1's six connections a phone waits a round
 * trip per six (bench/pages.ts). Other modules are chunked as Rolldown chooses.
 */
function startChunk(id: string, graph: ModuleGraph): string | null {
  let started = startedBy.get(graph);
  if (!started) {
    started = new Set();
    const next = [...START_MODULES];
    for (let module = next.pop(); module !== undefined; module = next.pop()) {
      if (started.has(module)) continue;
      started.add(module);
      next.push(...(graph.getModuleInfo(module)?.importedIds ?? []));
    }
    startedBy.set(graph, started);
  }
  return started.has(id) && !START_MODULES.includes(id) ? 'start' : null;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    reactRouter(),
    // The server's build of the pages is neither sent to browsers nor cached offline.
    ...browserPlugins(isSsrBuild === true),
  ],
  resolve: {
    alias: [{ find: /^zod\/mini$/, replacement: fileURLToPath(new URL('./src/zod-config.ts', import.meta.url)) }],
  },
  css: { postcss: { plugins: command === 'build' ? [purgeBootstrap] : [] } },
  // Images stay files, fetched and cached on their own, instead of base64 text in the script every
  // page parses (the footer's emblem and the not-found picture were in the entry).
  // The manifest names each module's chunk, for the check of each page's script budget (test/script-budgets.test.ts).
  build: {
    sourcemap: true,
    assetsInlineLimit: 0,
    manifest: true,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: startChunk }] } } },
  },
  // The server's build carries its libraries with it; the dev server loads them from node_modules.
  ssr: command === 'build' ? { noExternal: true } : {},
  server: { proxy: { '/api': api, '/media': api } },
}));
