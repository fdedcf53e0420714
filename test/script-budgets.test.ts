import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '@portal/contract/pages';
import { ROOT_DIR } from '../apps/server/src/config.ts';
import { loadServerBuild } from '../apps/server/src/services/page-rendering.ts';

// The JavaScript each page loads before its first use, from the build npm test makes first: the
// entry, the root route, the page's route module, the chunks they import, and the chunks the page
// imports lazily as it renders (a source page's panels, the map). Compressed with brotli, as sent.
const CLIENT_DIR = join(ROOT_DIR, 'apps/web/build/client');
type ViteManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
/** Lazy modules a page loads only when the reader asks for them: the calendar when opened, the chart after a preview, the Share dialog when pressed. */
const ON_USE = [
  'src/features/timeseries/date-range-calendar.tsx',
  'src/features/timeseries/series-chart.tsx',
  'src/features/share/share-dialog.tsx',
];

const brotliSize = (file: string) => {
  const path = join(CLIENT_DIR, file);
  const compressed = existsSync(`${path}.br`)
    ? readFileSync(`${path}.br`)
    : brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return compressed.length;
};

describe('script budgets', async () => {
  const build = await loadServerBuild();
  if (!build) throw new Error('the web app is not built: run npm run build (npm test does)');
  const vite = JSON.parse(readFileSync(join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  /** A chunk's file, every file it imports, and those it imports lazily as it renders. */
  const withImports = (key: string, files: Set<string>): Set<string> => {
    const chunk = vite[key];
    if (!chunk || files.has(chunk.file) || ON_USE.includes(key)) return files;
    files.add(chunk.file);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) withImports(imported, files);
    return files;
  };
  const { entry, routes } = build.assets;
  const fromRoot = (file: string) => file.replace(/^\//, '');
  const always = [entry.module, ...entry.imports, routes.root!.module, ...(routes.root!.imports ?? [])].map(fromRoot);

  it.each(PAGE_ROUTES.map((route) => ({ ...route, budget: route.scriptBudgetKb })))(
    '$id loads at most $budget kB of script before its first use',
    ({ id, file, budget }) => {
      const route = routes[id]!;
      // A route whose handle says `hydrate: false` is sent without any script (ADR 0043; embeds.test checks its HTML).
      const hydrates = (build.routes[id]?.module.handle as { hydrate?: boolean } | undefined)?.hydrate !== false;
      const files = new Set<string>();
      if (hydrates) {
        for (const name of [...always, fromRoot(route.module), ...(route.imports ?? []).map(fromRoot)]) files.add(name);
        // The route module's own key carries React Router's suffix (?__react-router-build-client-route).
        const moduleKey = Object.keys(vite).find((key) => key.split('?')[0] === `src/routes/${file}`);
        for (const lazy of (moduleKey && vite[moduleKey]?.dynamicImports) || []) withImports(lazy, files);
      }
      const kB = [...files].reduce((sum, name) => sum + brotliSize(name), 0) / 1024;
      console.log(`${id.padEnd(16)} ${kB.toFixed(1).padStart(6)} kB of ${budget} kB`);
      expect(kB).toBeLessThanOrEqual(budget);
    },
  );
});
