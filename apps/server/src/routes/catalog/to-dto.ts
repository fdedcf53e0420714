import type {
  ExternalLink,
  LayerSummary,
  Partner,
  SectorCard,
  Site,
  SiteCatalog,
  SourceListing,
} from '@portal/contract/catalog';
import type { Language } from '@portal/contract/messages';
import type { Bounds } from '@portal/contract/layers';
import { sectorPath, sourcePath } from '@portal/contract/paths';
import { layerMenuLabel } from '@portal/contract/rules';
import type { Layer } from '@portal/db/queries/catalog.queries';
import type { SectorRow, SourceRow } from '@portal/db/tables/catalog.table';
import { derivedFrom } from '@portal/importer';
import { inLanguage } from '../../services/catalog-titles.ts';

// Here rather than in the contract: creating a collator loads ICU's collation data (tens of
// milliseconds), and only the server sorts; the pages would pay for it as the module loaded.
const titleCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Sorts source listings by title with a locale-aware comparison; equal titles
 * (Access, Infrastructure, Sources ...) fall back to the sector title so the order is stable.
 */
export function sortByTitle<T extends Pick<SourceListing, 'title' | 'sectorTitle'>>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => titleCollator.compare(a.title, b.title) || titleCollator.compare(a.sectorTitle, b.sectorTitle),
  );
}

// The energy and water landings show their sources as collapsible sections with these element ids.
const SECTORS_WITH_SECTION_IDS = new Set(['energy', 'water']);

export function toSectorCard(row: SectorRow, language: Language): SectorCard {
  return {
    slug: row.slug,
    title: inLanguage(language, row.title, row.title_sw),
    description: inLanguage(language, row.description, row.description_sw),
    link: sectorPath(row.slug),
  };
}

export const sectorIntro = (row: SectorRow, language: Language): string | null =>
  row.intro === null ? null : inLanguage(language, row.intro, row.intro_sw);

export function toSourceListing(
  row: SourceRow & { sector_title: string; sector_title_sw: string | null },
  language: Language,
): SourceListing {
  const ids = SECTORS_WITH_SECTION_IDS.has(row.sector_slug)
    ? {
        dataSourceHeaderID: `${row.sector_slug}-${row.slug}-header`,
        dataSourceBodyID: `${row.sector_slug}-${row.slug}-body`,
      }
    : {};
  return {
    slug: row.slug,
    sector: row.sector_slug,
    sectorTitle: inLanguage(language, row.sector_title, row.sector_title_sw),
    title: inLanguage(language, row.title, row.title_sw),
    description: inLanguage(language, row.description, row.description_sw),
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

/** The site's texts for a reader of `language`: the About texts in it where the catalogue has them. */
export function siteIn(site: SiteCatalog, language: Language): Site {
  const { sw, ...english } = site;
  return language === 'sw' && sw ? { ...english, about: sw.about } : english;
}
