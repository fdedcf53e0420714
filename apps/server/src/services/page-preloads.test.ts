import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config.ts';
import { pageNeeds, preloadTags, type WebManifest } from './page-preloads.ts';

// A build as Vite describes it: the entry (the app's start included) and its shared chunk, the
// source page with a chunk of its own and one it shares with the entry, and the map panel with
// Leaflet's chunk and stylesheet.
const manifest: WebManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'], css: ['assets/index-1.css'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  'src/routes/source-page.tsx': { file: 'assets/source-page-1.js', imports: ['_shared-1.js', '_card-1.js'] },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_shared-1.js'] },
  'src/features/timeseries/timeseries-panel.tsx': { file: 'assets/timeseries-panel-1.js', imports: ['_card-1.js'] },
  'src/features/maps/raster-panel.tsx': { file: 'assets/raster-panel-1.js' },
  'src/features/maps/raster-map.tsx': { file: 'assets/raster-map-1.js', css: ['assets/raster-map-1.css'] },
};

const links = (html: string) => [...html.matchAll(/<link ([^>]*)>/g)].map((match) => match[1]);

describe('pageNeeds', () => {
  it('names the answers a source page asks for first, through the contract paths', () => {
    expect(pageNeeds('/sectors/energy/access/timeseries').answers).toEqual([
      '/api/v1/site',
      '/api/v1/sectors/energy/sources/access',
      '/api/v1/sectors/energy/sources/access/variables',
      '/api/v1/sectors/energy/sources/access/locations',
    ]);
    expect(pageNeeds('/filters/raster/agriculture/land/Land_cover_2019').answers).toEqual([
      '/api/v1/site',
      '/api/v1/sectors/agriculture/sources/land',
      '/api/get-wms?store=Land%20cover%202019&images=none',
      '/api/v1/map',
      '/api/v1/map/outline',
    ]);
  });

  it('names modules the web app has, under the names the build manifest gives them', () => {
    const paths = [
      '/',
      '/sectors',
      '/sectors/energy',
      '/sectors/energy/access/timeseries',
      '/sectors/energy/access/raster',
      '/filters/raster/Land_cover_2019',
    ];
    const modules = new Set(paths.flatMap((path) => pageNeeds(path).modules));
    expect(modules.size).toBe(6);
    for (const module of modules) expect(existsSync(join(ROOT_DIR, 'apps/web', module)), module).toBe(true);
  });

  it('names only the site for a page it does not know or an address with escapes', () => {
    for (const path of ['/about', '/sectors/energy/access/nowhere', '/sectors/en%20ergy', '/filters']) {
      expect(pageNeeds(path), path).toEqual({ modules: [], answers: ['/api/v1/site'] });
    }
  });
});

describe('preloadTags', () => {
  it("preloads the route's chunks, less those the entry loads, and their stylesheets", () => {
    expect(links(preloadTags(manifest, '/sectors/agriculture/land/raster'))).toEqual([
      'rel="preload" as="fetch" crossorigin href="/api/v1/site"',
      'rel="preload" as="fetch" crossorigin href="/api/v1/sectors/agriculture/sources/land"',
      'rel="preload" as="fetch" crossorigin href="/api/get-wms?store=agriculture%2Fland&amp;images=none"',
      'rel="preload" as="fetch" crossorigin href="/api/v1/map"',
      'rel="preload" as="fetch" crossorigin href="/api/v1/map/outline"',
      'rel="modulepreload" crossorigin href="/assets/source-page-1.js"',
      'rel="modulepreload" crossorigin href="/assets/card-1.js"',
      'rel="modulepreload" crossorigin href="/assets/raster-panel-1.js"',
      'rel="modulepreload" crossorigin href="/assets/raster-map-1.js"',
      'rel="preload" as="style" crossorigin href="/assets/raster-map-1.css"',
    ]);
  });

  it('names each chunk once, and only answers when the build has no manifest', () => {
    const tags = links(preloadTags(manifest, '/sectors/energy/access/timeseries')).filter((tag) =>
      tag.includes('modulepreload'),
    );
    expect(tags).toEqual([
      'rel="modulepreload" crossorigin href="/assets/source-page-1.js"',
      'rel="modulepreload" crossorigin href="/assets/card-1.js"',
      'rel="modulepreload" crossorigin href="/assets/timeseries-panel-1.js"',
    ]);
    expect(links(preloadTags({}, '/sectors'))).toEqual([
      'rel="preload" as="fetch" crossorigin href="/api/v1/site"',
      'rel="preload" as="fetch" crossorigin href="/api/v1/sectors"',
    ]);
  });

  it('leaves the answers out of a page the server drew, and asks for its code after what the page paints with', () => {
    expect(links(preloadTags(manifest, '/sectors/agriculture/land/raster', { drawn: true }))).toEqual([
      'rel="modulepreload" crossorigin fetchpriority="low" href="/assets/source-page-1.js"',
      'rel="modulepreload" crossorigin fetchpriority="low" href="/assets/card-1.js"',
      'rel="modulepreload" crossorigin fetchpriority="low" href="/assets/raster-panel-1.js"',
      'rel="modulepreload" crossorigin fetchpriority="low" href="/assets/raster-map-1.js"',
      'rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/raster-map-1.css"',
    ]);
  });
});
