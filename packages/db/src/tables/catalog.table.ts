import type { Insertable, Selectable } from 'kysely';

export interface SectorsTable {
  slug: string;
  title: string;
  description: string;
  intro: string | null;
  /** The Swahili texts; null where the catalogue gives none (English is shown). */
  title_sw: string | null;
  description_sw: string | null;
  intro_sw: string | null;
  position: number;
}

export interface SourcesTable {
  /** '{sector}/{slug}', stable across reloads so later tables can refer to it. */
  id: string;
  sector_slug: string;
  slug: string;
  external_slug: string;
  title: string;
  description: string;
  /** The Swahili texts; null where the catalogue gives none (English is shown). */
  title_sw: string | null;
  description_sw: string | null;
  /** 1 when the sector landing lists it; 0 for entries shown only in the overview lists. */
  in_sector_list: number;
  position: number;
}

export interface LayersTable {
  name: string;
  kind: 'raster' | 'vector';
  /** Path of the layer's file under data/raw. */
  file: string;
  /** JSON object of property values a vector feature must have to belong to this layer. */
  feature_filter: string | null;
  description: string;
  publisher: string;
  licence: string;
  source_url: string;
  position: number;
  /** JSON of the layer's style (contract LayerStyle); null means the default for its kind. */
  style: string | null;
  /** How to cite the layer; null means publisher, name and source URL. */
  citation: string | null;
  /** Extent of the layer's image in degrees, measured from its file when the catalogue loads. */
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
}

export interface LayerSourcesTable {
  layer_name: string;
  source_id: string;
}

export interface ExternalLinksTable {
  source_id: string;
  position: number;
  category: string;
  url: string;
  organisation: string;
}

export interface PartnersTable {
  position: number;
  name: string;
  url: string;
  logo: string;
}

/** Key/value facts about the loaded data, such as the checksum of the catalogue files. */
export interface MetaTable {
  key: string;
  value: string;
}

export type SectorRow = Selectable<SectorsTable>;
export type SourceRow = Selectable<SourcesTable>;
export type LayerRow = Selectable<LayersTable>;
export type NewSector = Insertable<SectorsTable>;
export type NewSource = Insertable<SourcesTable>;
export type NewLayer = Insertable<LayersTable>;
export type NewExternalLink = Insertable<ExternalLinksTable>;
export type NewPartner = Insertable<PartnersTable>;
