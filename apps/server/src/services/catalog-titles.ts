import type { Kysely } from 'kysely';
import type { SourceRef } from '@portal/contract/counties';
import type { Language } from '@portal/contract/messages';
import type { Database } from '@portal/db/database';
import { swahiliTitles } from '@portal/db/queries/catalog.queries';

/** A catalogue text in the reader's language; English where the catalogue has no translation. */
export const inLanguage = (language: Language, english: string, swahili: string | null | undefined): string =>
  (language === 'sw' && swahili) || english;

/** Sector and source titles for one reader: the English title given, or its translation. */
export interface Titles {
  sector(slug: string, english: string): string;
  sectorDescription(slug: string, english: string): string;
  source(sector: string, slug: string, english: string): string;
}

const ENGLISH: Titles = {
  sector: (_slug, english) => english,
  sectorDescription: (_slug, english) => english,
  source: (_sector, _slug, english) => english,
};

/**
 * The titles a reader of `language` gets, for answers that name sources beside other data
 * (figures, county maps, datasets, search results) and are built, or cached, in English.
 */
export async function titlesIn(db: Kysely<Database>, language: Language): Promise<Titles> {
  if (language === 'en') return ENGLISH;
  const { sectors, sources } = await swahiliTitles(db);
  const sectorTitles = new Map(sectors.map((s) => [s.slug, s.title_sw]));
  const sectorDescriptions = new Map(sectors.map((s) => [s.slug, s.description_sw]));
  const sourceTitles = new Map(sources.map((s) => [`${s.sector_slug}/${s.slug}`, s.title_sw]));
  return {
    sector: (slug, english) => inLanguage(language, english, sectorTitles.get(slug)),
    sectorDescription: (slug, english) => inLanguage(language, english, sectorDescriptions.get(slug)),
    source: (sector, slug, english) => inLanguage(language, english, sourceTitles.get(`${sector}/${slug}`)),
  };
}

/** A reference to a source with its sector's and its own title in the reader's language. */
export const sourceRefIn = <T extends SourceRef>(ref: T, titles: Titles): T => ({
  ...ref,
  sectorTitle: titles.sector(ref.sector, ref.sectorTitle),
  title: titles.source(ref.sector, ref.slug, ref.title),
});
