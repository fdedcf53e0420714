import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import escapeHtml from 'escape-html';
import { API } from '@portal/contract/paths';
import { parseSourceSegments } from '@portal/contract/source-route';

/**
 * The web build's manifest (Vite's `build.manifest`): for each source module that starts a chunk,
 * the chunk's file, the chunks it imports and its stylesheets.
 */
export type WebManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** The manifest the web build wrote beside the app, or an empty one for a build without it. */
export function readWebManifest(webDir: string): WebManifest {
  const path = join(webDir, '.vite/manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as WebManifest) : {};
}

/** What a page needs before it can draw: the code that draws it and the answers it asks for. */
interface PageNeeds {
  /** Source modules of the web app (manifest keys), loaded lazily by the router or the page. */
  modules: string[];
  /** API answers the page fetches as it opens, as the web app's calls name them. */
  answers: string[];
}

const SOURCE_PAGE = 'src/routes/source-page.tsx';
const PANEL_MODULES = {
  timeseries: ['src/features/timeseries/timeseries-panel.tsx'],
  raster: ['src/features/maps/raster-panel.tsx', 'src/features/maps/raster-map.tsx'],
  external: [],
} as const;

/**
 * What the page at `pathname` needs: the site's texts on every page, and more for the pages a
 * visitor most often opens from a link (the landing page, the sector pages, a source's timeseries
 * and map pages). The web app's calls are named through the same contract paths, so a preload and
 * the call it stands for are one request.
 */
export function pageNeeds(pathname: string): PageNeeds {
  const needs = ownNeeds(pathname);
  // The app starts from the entry script itself; the top bar and the footer of every page show the site's name and texts.
  return { modules: needs.modules, answers: [API.site, ...needs.answers] };
}

const NOTHING_MORE: PageNeeds = { modules: [], answers: [] };

function ownNeeds(pathname: string): PageNeeds {
  const segments = pathname.split('/').filter(Boolean);
  // Only plain names: an address with escapes or other characters is left to the page to read.
  if (!segments.every((segment) => /^[A-Za-z0-9_.-]+$/.test(segment))) return NOTHING_MORE;
  const [first, second, ...rest] = segments;
  if (first === undefined) return { modules: [], answers: [API.highlights] };
  if (first === 'sectors' && second === undefined)
    return { modules: ['src/routes/sectors.tsx'], answers: [API.sectors] };
  if (first === 'sectors' && rest.length === 0)
    return { modules: ['src/routes/sector-landing.tsx'], answers: [API.sector(second)] };
  const route = parseSourceSegments(segments);
  const mapAnswers = (store: string) => [API.storeLayers(store), API.mapConfig, API.mapOutline];
  if (route.kind === 'layer')
    return { modules: [SOURCE_PAGE, ...PANEL_MODULES.raster], answers: [API.layers, ...mapAnswers(route.layer)] };
  if (route.kind !== 'source') return NOTHING_MORE;
  const { sector, source, representation } = route;
  const answers: string[] = [API.source(sector, source)];
  if (representation === 'timeseries') answers.push(API.variables(sector, source), API.locations(sector, source));
  if (representation === 'raster') answers.push(...mapAnswers(route.layer ?? `${sector}/${source}`));
  return { modules: [SOURCE_PAGE, ...PANEL_MODULES[representation]], answers };
}

/** The chunk files and stylesheets `modules` load, with the chunks they import, less those the entry already has. */
function chunksOf(manifest: WebManifest, modules: string[]): { scripts: string[]; styles: string[] } {
  // Every chunk reached from `keys` by static imports, and their stylesheets.
  const reach = (keys: string[], scripts = new Set<string>(), styles = new Set<string>()) => {
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      chunk.css?.forEach((file) => styles.add(file));
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return { scripts, styles };
  };
  const entry = reach(Object.keys(manifest).filter((key) => manifest[key].isEntry));
  const page = reach(modules);
  return {
    scripts: [...page.scripts].filter((file) => !entry.scripts.has(file)),
    styles: [...page.styles].filter((file) => !entry.styles.has(file)),
  };
}

/**
 * `<link>` tags that start, with the page itself, what it would otherwise ask for only once its
 * scripts had run, one round trip after another: its route's chunks, their stylesheets and its
 * first API answers. `crossorigin` makes each request the one the page's script makes later (a
 * module script, and fetch's same-origin CORS request), so the browser uses the preloaded answer.
 * A page the server `drawn` carries its answers already, and paints from its HTML, stylesheet and
 * images alone: its code, which hydrates it, comes after them (low priority). On
 * the map page, whose code is the largest, this brings Lighthouse's first paint from 2.6 s to 1.2 s
 * (ADR 0029).
 */
export function preloadTags(manifest: WebManifest, pathname: string, { drawn = false } = {}): string {
  const needs = pageNeeds(pathname);
  const { scripts, styles } = chunksOf(manifest, needs.modules);
  const priority = drawn ? ' fetchpriority="low"' : '';
  return [
    ...(drawn ? [] : needs.answers).map(
      (href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`,
    ),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin${priority} href="/${escapeHtml(file)}">`),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin${priority} href="/${escapeHtml(file)}">`),
  ].join('');
}
