import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import {
  type FeatureFilter,
  FeatureFilterSchema,
  type LayerStyle,
  LayerStyleSchema,
} from '@portal/layer-style/layer-style';
import type { LayerRow, NewExternalLink, NewPartner, NewSector, NewSource } from '../tables/catalog.table.ts';

type Db = Kysely<Database>;

export function listSectors(db: Db) {
  return db.selectFrom('sectors').selectAll().orderBy('position').execute();
}

export function findSector(db: Db, slug: string) {
  return db.selectFrom('sectors').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Sources with their sector's title; `onlySectorListed` keeps only them to what a sector landing lists. */
export function listSources(db: Db, filter: { sector?: string; onlySectorListed?: boolean } = {}) {
  let query = db
    .selectFrom('sources')
    .innerJoin('sectors', 'sectors.slug', 'sources.sector_slug')
    .selectAll('sources')
    .select(['sectors.title as sector_title', 'sectors.title_sw as sector_title_sw'])
    .orderBy('sectors.position')
    .orderBy('sources.position');
  if (filter.sector) query = query.where('sources.sector_slug', '=', filter.sector);
  if (filter.onlySectorListed) query = query.where('sources.in_sector_list', '=', 1);
  return query.execute();
}

/** A source by its slug, or by the slug its external page uses (water's 'ecosystems'). */
export function findSource(db: Db, sector: string, slug: string) {
  return db
    .selectFrom('sources')
    .innerJoin('sectors', 'sectors.slug', 'sources.sector_slug')
    .selectAll('sources')
    .select(['sectors.title as sector_title', 'sectors.title_sw as sector_title_sw'])
    .where('sources.sector_slug', '=', sector)
    .where((eb) => eb.or([eb('sources.slug', '=', slug), eb('sources.external_slug', '=', slug)]))
    .executeTakeFirst();
}

/** A layer as the portal uses it: its JSON columns (style, feature filter) read and checked once, here. */
export interface Layer extends Omit<LayerRow, 'style' | 'feature_filter'> {
  /** How it is drawn; null means the default for its kind. */
  style: LayerStyle | null;
  /** Property values a vector feature must have to belong to this layer; null means every feature. */
  feature_filter: FeatureFilter | null;
}

/**
 * A stored layer with its JSON columns parsed; a column that breaks its schema throws, since only
 * the catalogue loader writes them, after checking.
 */
function toLayer(row: LayerRow): Layer {
  return {
    ...row,
    style: row.style === null ? null : LayerStyleSchema.parse(JSON.parse(row.style)),
    feature_filter: row.feature_filter === null ? null : FeatureFilterSchema.parse(JSON.parse(row.feature_filter)),
  };
}

export async function listLayers(db: Db, sourceId?: string): Promise<Layer[]> {
  let query = db.selectFrom('layers').selectAll('layers').orderBy('layers.position');
  if (sourceId) {
    query = query
      .innerJoin('layer_sources', 'layer_sources.layer_name', 'layers.name')
      .where('layer_sources.source_id', '=', sourceId);
  }
  return (await query.execute()).map(toLayer);
}

/** The layers with these names, in catalogue order; names not in the catalogue are left out. */
export async function findLayers(db: Db, names: string[]): Promise<Layer[]> {
  if (!names.length) return [];
  return (await db.selectFrom('layers').selectAll().where('name', 'in', names).orderBy('position').execute()).map(
    toLayer,
  );
}

export function listExternalLinks(db: Db, sourceId: string) {
  return db.selectFrom('external_links').selectAll().where('source_id', '=', sourceId).orderBy('position').execute();
}

export function listPartners(db: Db) {
  return db.selectFrom('partners').selectAll().orderBy('position').execute();
}

export async function readMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeMeta(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export interface CatalogRows {
  sectors: NewSector[];
  sources: NewSource[];
  layers: (Layer & { sourceIds: string[] })[];
  externalLinks: NewExternalLink[];
  partners: NewPartner[];
}

/**
 * Makes the catalogue tables hold exactly `rows`. Sectors, sources and layers are upserted so rows
 * that other tables refer to keep their keys; the small link tables are rewritten. Run it inside a
 * transaction so readers never see half a catalogue.
 */
export async function saveCatalog(db: Db, rows: CatalogRows): Promise<void> {
  for (const sector of rows.sectors) {
    await db
      .insertInto('sectors')
      .values(sector)
      .onConflict((oc) => oc.column('slug').doUpdateSet(sector))
      .execute();
  }
  for (const source of rows.sources) {
    await db
      .insertInto('sources')
      .values(source)
      .onConflict((oc) => oc.column('id').doUpdateSet(source))
      .execute();
  }
  await db.deleteFrom('layer_sources').execute();
  await db.deleteFrom('external_links').execute();
  await db.deleteFrom('partners').execute();
  for (const { sourceIds, style, feature_filter, ...fields } of rows.layers) {
    const layer = {
      ...fields,
      style: style && JSON.stringify(style),
      feature_filter: feature_filter && JSON.stringify(feature_filter),
    };
    await db
      .insertInto('layers')
      .values(layer)
      .onConflict((oc) => oc.column('name').doUpdateSet(layer))
      .execute();
    for (const sourceId of sourceIds) {
      await db.insertInto('layer_sources').values({ layer_name: layer.name, source_id: sourceId }).execute();
    }
  }
  if (rows.externalLinks.length) await db.insertInto('external_links').values(rows.externalLinks).execute();
  if (rows.partners.length) await db.insertInto('partners').values(rows.partners).execute();

  const layerNames = rows.layers.map((l) => l.name);
  const sourceIds = rows.sources.map((s) => s.id);
  const sectorSlugs = rows.sectors.map((s) => s.slug);
  if (layerNames.length) await db.deleteFrom('layers').where('name', 'not in', layerNames).execute();
  if (sourceIds.length) await db.deleteFrom('sources').where('id', 'not in', sourceIds).execute();
  if (sectorSlugs.length) await db.deleteFrom('sectors').where('slug', 'not in', sectorSlugs).execute();
}

/** Which sources show which layer, in the catalogue's layer order. */
export function listLayerSources(db: Db) {
  return db
    .selectFrom('layer_sources')
    .innerJoin('layers', 'layers.name', 'layer_sources.layer_name')
    .select(['layer_sources.layer_name', 'layer_sources.source_id'])
    .orderBy('layers.position')
    .orderBy('layer_sources.source_id')
    .execute();
}

/** The Swahili titles of sectors and sources, and sectors' descriptions (null where the catalogue gives none). */
export async function swahiliTitles(db: Db) {
  const [sectors, sources] = await Promise.all([
    db.selectFrom('sectors').select(['slug', 'title_sw', 'description_sw']).execute(),
    db.selectFrom('sources').select(['sector_slug', 'slug', 'title_sw']).execute(),
  ]);
  return { sectors, sources };
}
