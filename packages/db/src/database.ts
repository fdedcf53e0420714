import type {
  ExternalLinksTable,
  LayerSourcesTable,
  LayersTable,
  MetaTable,
  PartnersTable,
  SectorsTable,
  SourcesTable,
} from './tables/catalog.table.ts';

/** Every table the portal stores, as Kysely sees them. */
export interface Database {
  sectors: SectorsTable;
  sources: SourcesTable;
  layers: LayersTable;
  layer_sources: LayerSourcesTable;
  external_links: ExternalLinksTable;
  partners: PartnersTable;
  meta: MetaTable;
}
