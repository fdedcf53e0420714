import type { ExternalLink, LayerSummary, Partner, SectorCard, SourceListing } from '@portal/contract/catalog';
import type { Bounds } from '@portal/contract/layers';
import { sectorPath, sourcePath } from '@portal/contract/paths';
import { layerMenuLabel } from '@portal/contract/rules';
import type { Layer } from '@portal/db/queries/catalog.queries';
import type { SectorRow, SourceRow } from '@portal/db/tables/catalog.table';
import { derivedFrom } from '@portal/importer';

// The energy and water landings show their sources as collapsible sections with these element ids.
const SECTORS_WITH_SECTION_IDS = new Set(['energy', 'water']);

export function toSectorCard(row: SectorRow): SectorCard {
  return { slug: row.slug, title: row.title, description: row.description, link: sectorPath(row.slug) };
}

export function toSourceListing(row: SourceRow & { sector_title: string }): SourceListing {
  const ids = SECTORS_WITH_SECTION_IDS.has(row.sector_slug)
    ? { dataSourceHeaderID: `${row.sector_slug}-${row.slug}-header`, dataSourceBodyID: `${row.sector_slug}-${row.slug}-body` }
    : {};
  return {
    slug: row.slug,
    sector: row.sector_slug,
    sectorTitle: row.sector_title,
    title: row.title,
    description: row.description,
    dataPageURL: sourcePath(row.sector_slug, row.slug),
    ...ids,
  };
}

export function toLayerSummary(row: Layer): LayerSummary {
  return {
    name: row.name,
    kind: row.kind,
    menuLabel: layerMenuLabel(row.name, row.kind),
    description: row.description,
    publisher: row.publisher,
    licence: row.licence,
    sourceUrl: row.source_url,
    style: row.style,
    bounds: layerBounds(row),
    derivedFrom: derivedFrom(row.file),
  };
}

/** A layer's measured extent in Leaflet's order, or null before the loader has measured it. */
export function layerBounds(row: Pick<Layer, 'west' | 'south' | 'east' | 'north'>): Bounds | null {
  const { west, south, east, north } = row;
  return west === null || south === null || east === null || north === null
    ? null
    : [
        [south, west],
        [north, east],
      ];
}

export function toExternalLink(row: ExternalLink): ExternalLink {
  return { category: row.category, url: row.url, organisation: row.organisation };
}

export function toPartner(row: Partner): Partner {
  return { name: row.name, url: row.url, logo: row.logo };
}
