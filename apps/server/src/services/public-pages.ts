import escapeHtml from 'escape-html';
import type { Kysely } from 'kysely';
import { REPRESENTATIONS } from '@portal/contract/catalog';
import { filterLayerPath, layerNameToParam } from '@portal/contract/rules';
import { countySlug } from '@portal/contract/counties';
import { FIXED_PUBLIC_PAGES, PRIVATE_PAGE_PREFIXES } from '@portal/contract/pages';
import { API, countyPath, datasetPath, sectorPath, sourcePath } from '@portal/contract/paths';
import type { Database } from '@portal/db/database';
import { listLayers, listLayerSources, listSectors, listSources } from '@portal/db/queries/catalog.queries';
import { listCounties } from '@portal/db/queries/counties.queries';
import { listAllDatasets } from '@portal/db/queries/datasets.queries';

/**
 * Every public page of the web app: the routes' fixed addresses (contract/pages.ts), and from the
 * catalogue in the database each sector, each source's three views on both the sector and the
 * filter side, each filter overview, each layer page, each loaded dataset's page and each county's
 * profile. The paths are those the pages link to (ADR 0006).
 */
export async function listPublicPages(db: Kysely<Database>): Promise<string[]> {
  const [sectors, sources, layers, layerSources, datasets, counties] = await Promise.all([
    listSectors(db),
    listSources(db),
    listLayers(db),
    listLayerSources(db),
    listAllDatasets(db),
    listCounties(db),
  ]);
  const pages = [...FIXED_PUBLIC_PAGES, ...REPRESENTATIONS.map((type) => `/filters/${type}/overview`)];
  for (const sector of sectors) pages.push(sectorPath(sector.slug));
  for (const source of sources) {
    const home = sourcePath(source.sector_slug, source.slug);
    pages.push(
      `${home}/timeseries`,
      `${home}/raster`,
      `${sourcePath(source.sector_slug, source.external_slug)}/external`,
    );
    pages.push(
      `/filters/timeseries/${source.id}`,
      `/filters/raster/${source.id}`,
      `/filters/external/${source.sector_slug}/${source.external_slug}`,
    );
  }
  for (const layer of layers) pages.push(filterLayerPath(layer.name));
  for (const { layer_name, source_id } of layerSources) {
    pages.push(
      `/sectors/${source_id}/raster/${layerNameToParam(layer_name)}`,
      `/filters/raster/${source_id}/${layerNameToParam(layer_name)}`,
    );
  }
  for (const dataset of datasets) pages.push(datasetPath(dataset.id));
  for (const county of counties) pages.push(countyPath(countySlug(county.name)));
  return pages;
}

/** The sitemaps.org document listing the pages under the portal's public address. */
export function sitemapXml(publicUrl: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeHtml(publicUrl + encodeURI(path))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Everything public may be crawled; the account pages, search results and the API may not, except
 * the API's reference, its document and the DCAT catalogue (for harvesters). Allow lines come first
 * for crawlers that take the first match.
 */
export function robotsTxt(publicUrl: string): string {
  // The pages not crawled (search results are endless combinations of words: the pages they lead
  // to are in the sitemap), and the API.
  const privatePaths = [...PRIVATE_PAGE_PREFIXES, '/api/'];
  return [
    'User-agent: *',
    'Allow: /api/docs',
    'Allow: /api/openapi.json',
    `Allow: ${API.catalog}`,
    ...privatePaths.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
