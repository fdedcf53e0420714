import type { ExternalLink, LayerSummary, Partner, SectorCard, SourceListing } from '@portal/contract/catalog';
import { sectorPath, sourcePath } from '@portal/contract/paths';
import { layerMenuLabel } from '@portal/contract/rules';
import type { LayerRow, SectorRow, SourceRow } from '@portal/db/tables/catalog.table';

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

export function toLayerSummary(row: LayerRow): LayerSummary {
  return {
    name: row.name,
    kind: row.kind,
    menuLabel: layerMenuLabel(row.name, row.kind),
    description: row.description,
    publisher: row.publisher,
    licence: row.licence,
  };
}

export function toExternalLink(row: ExternalLink): ExternalLink {
  return { category: row.category, url: row.url, organisation: row.organisation };
}

export function toPartner(row: Partner): Partner {
  return { name: row.name, url: row.url, logo: row.logo };
}
