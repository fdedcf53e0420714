import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '@portal/db/database';
import { withImportLock } from '@portal/db/import-lock';
import { type CatalogRows, readMeta, saveCatalog, writeMeta } from '@portal/db/queries/catalog.queries';
import { searchIndexFilled } from '@portal/db/queries/search-index.queries';
import {
  ExternalLinksFileSchema,
  LayersFileSchema,
  PartnersFileSchema,
  SectorsFileSchema,
  SiteFileSchema,
  type SiteFile,
} from './catalog-files.ts';
import { measureLayerFile, styleProblem } from './layer-files.ts';
import { refreshSearchIndex } from './search-index.ts';
import { CATALOG_DIR, RAW_DIR } from './paths.ts';

const FILES = ['sectors.json', 'layers.json', 'external-links.json', 'partners.json'] as const;
const CHECKSUM_KEY = 'catalog_checksum';

/** A catalogue file that is missing, is not JSON, or breaks a rule; the message names the file. */
export class CatalogError extends Error {}

function readJson<T>(dir: string, file: string, schema: z.ZodType<T>): T {
  const path = join(dir, file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CatalogError(`${path}: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new CatalogError(`${path}:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The site's brand and texts (data/catalog/site.json), checked. */
export function readSite(dir = CATALOG_DIR): SiteFile {
  return readJson(dir, 'site.json', SiteFileSchema);
}

/** Reads and checks every catalogue file, including references between them, into table rows. */
export function readCatalog(dir = CATALOG_DIR, rawDir = RAW_DIR): { rows: CatalogRows; checksum: string } {
  const sectors = readJson(dir, 'sectors.json', SectorsFileSchema);
  const layers = readJson(dir, 'layers.json', LayersFileSchema);
  const links = readJson(dir, 'external-links.json', ExternalLinksFileSchema);
  const partners = readJson(dir, 'partners.json', PartnersFileSchema);

  const rows: CatalogRows = { sectors: [], sources: [], layers: [], externalLinks: [], partners: [] };
  sectors.forEach((sector, sectorIndex) => {
    rows.sectors.push({
      slug: sector.slug,
      title: sector.title,
      description: sector.description,
      intro: sector.intro,
      title_sw: sector.sw?.title ?? null,
      description_sw: sector.sw?.description ?? null,
      intro_sw: sector.sw?.intro ?? null,
      position: sectorIndex,
    });
    sector.sources.forEach((source, sourceIndex) => {
      rows.sources.push({
        id: `${sector.slug}/${source.slug}`,
        sector_slug: sector.slug,
        slug: source.slug,
        external_slug: source.externalSlug ?? source.slug,
        title: source.title,
        description: source.description,
        title_sw: source.sw?.title ?? null,
        description_sw: source.sw?.description ?? null,
        in_sector_list: source.inSectorList === false ? 0 : 1,
        position: sourceIndex,
      });
    });
  });

  const problems: string[] = [];
  const sourceIds = new Set(rows.sources.map((s) => s.id));
  const layerNames = new Set<string>();
  layers.forEach((layer, index) => {
    if (layerNames.has(layer.name)) problems.push(`layers.json: layer '${layer.name}' is listed twice`);
    layerNames.add(layer.name);
    for (const id of layer.sources) {
      if (!sourceIds.has(id)) problems.push(`layers.json: layer '${layer.name}' names unknown source '${id}'`);
    }
    if (!existsSync(join(rawDir, layer.file)))
      problems.push(`layers.json: file '${layer.file}' of layer '${layer.name}' is not under data/raw`);
    const badStyle = styleProblem(layer.kind, layer.style);
    if (badStyle) problems.push(`layers.json: style of layer '${layer.name}': ${badStyle}`);
    rows.layers.push({
      name: layer.name,
      kind: layer.kind,
      file: layer.file,
      feature_filter: layer.featureFilter ?? null,
      description: layer.description,
      publisher: layer.publisher,
      licence: layer.licence,
      source_url: layer.sourceUrl,
      position: index,
      style: layer.style ?? null,
      citation: layer.citation ?? null,
      west: null,
      south: null,
      east: null,
      north: null,
      sourceIds: layer.sources,
    });
  });
  for (const [sourceId, entries] of Object.entries(links)) {
    if (!sourceIds.has(sourceId)) problems.push(`external-links.json: unknown source '${sourceId}'`);
    entries.forEach((link, position) => rows.externalLinks.push({ source_id: sourceId, position, ...link }));
  }
  partners.forEach((partner, position) => {
    if (!existsSync(join(dir, 'logos', partner.logo.split('/').pop()!)))
      problems.push(`partners.json: logo '${partner.logo}' of '${partner.name}' is not in catalog/logos`);
    rows.partners.push({ position, ...partner });
  });
  if (problems.length) throw new CatalogError(problems.join('\n'));

  const hash = createHash('sha256');
  for (const file of FILES) hash.update(readFileSync(join(dir, file)));
  return { rows, checksum: hash.digest('hex') };
}

/**
 * Reads every layer's file: a file that cannot be drawn stops the load with a message naming it.
 * Fills in each layer's extent and effective style, and returns a hash over the files so that a
 * changed data file reloads the catalogue too.
 */
export async function measureLayers(rows: CatalogRows['layers'], rawDir = RAW_DIR): Promise<string> {
  const hash = createHash('sha256');
  for (const layer of rows) {
    let measured;
    try {
      measured = await measureLayerFile(join(rawDir, layer.file), layer.kind, layer.feature_filter, layer.style);
    } catch (error) {
      throw new CatalogError(`layers.json: file '${layer.file}' of layer '${layer.name}': ${(error as Error).message}`);
    }
    [layer.west, layer.south, layer.east, layer.north] = measured.bbox;
    layer.style = measured.style;
    hash.update(`${layer.name}:${measured.sha256}\n`);
  }
  return hash.digest('hex');
}

type CatalogOptions = { dir?: string; rawDir?: string; force?: boolean };

/**
 * Loads the catalogue into the database in one transaction, unless the same files (catalogue and
 * layer data) were loaded before; their checksum is kept in `meta`. Returns whether anything was
 * written. Like the data import, it waits for any other load of the same database to finish.
 */
export function loadCatalog(db: Kysely<Database>, options: CatalogOptions = {}): Promise<'loaded' | 'unchanged'> {
  return withImportLock(db, (locked) => loadCatalogUnlocked(locked, options));
}

async function loadCatalogUnlocked(db: Kysely<Database>, options: CatalogOptions): Promise<'loaded' | 'unchanged'> {
  const { rows, checksum: catalogChecksum } = readCatalog(options.dir, options.rawDir);
  const checksum = createHash('sha256')
    .update(catalogChecksum)
    .update(await measureLayers(rows.layers, options.rawDir))
    .digest('hex');
  if (!options.force && (await readMeta(db, CHECKSUM_KEY)) === checksum) {
    // A database migrated to the search index before any reload has it empty.
    if (!(await searchIndexFilled(db))) await refreshSearchIndex(db, options.rawDir);
    return 'unchanged';
  }
  await db.transaction().execute(async (trx) => {
    await saveCatalog(trx, rows);
    await writeMeta(trx, CHECKSUM_KEY, checksum);
  });
  await refreshSearchIndex(db, options.rawDir);
  return 'loaded';
}
