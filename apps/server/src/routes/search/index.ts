import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Language, Translate } from '@portal/contract/messages';
import { countySlug } from '@portal/contract/counties';
import { API, countyPath, datasetPath, sectorPath } from '@portal/contract/paths';
import { timeseriesPagePath } from '../../services/page-links.ts';
import { inLanguage, type Titles, titlesIn } from '../../services/catalog-titles.ts';
import { filterLayerPath } from '@portal/contract/rules';
import { type SearchResult, SearchResponseSchema } from '@portal/contract/search';
import { SearchQuerySchema } from '@portal/contract/search-query';
import { searchWords } from '@portal/contract/search-words';
import type { Database } from '@portal/db/database';
import { listSources } from '@portal/db/queries/catalog.queries';
import { type SearchHit, searchIndex, variableSubtitle, variableUnits } from '@portal/db/queries/search.queries';
import { operation } from '../../plugins/api-docs.ts';
import { READ_LIMIT } from '../../plugins/read-limit.ts';

/** How close a map opens on a found feature: a town and its surroundings. */
export const FEATURE_ZOOM = 12;

const PLACE_KINDS = {
  country: 'search.place.country',
  county: 'search.place.county',
  province: 'search.place.province',
  'sub-location': 'search.place.sub-location',
  place: 'search.place.place',
} as const;

/** One search box over the catalogue, the data and the map features (ADR 0015). */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    API.search,
    {
      // Typing in a search box asks once per pause, so the limit is that of the other reads.
      config: { rateLimit: READ_LIMIT.rateLimit },
      schema: {
        ...operation({
          summary: 'Search',
          description:
            'Sectors, sources, variables (alone or with a place that has their data), map layers, named map features, datasets and places matching the words typed, prefixes and small typos included, in English or Swahili; results that match every word first, grouped by kind, each with the portal page it opens, filled in. A year in the query (2010) is not looked up: it sets the dates of the timeseries pages the results open; nor are common words (by, in, county, ya). 400 for an empty or over-long query, more than 10 words looked up, an unknown kind or a limit outside 1-50.',
          example: { query: { q: 'rainfal turkan', limit: 10 } },
        }),
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema },
      },
    },
    async ({ query, t, language }) => {
      const words = searchWords(query.q);
      const hits = await searchIndex(db, words, { kind: query.kind, limit: query.limit });
      const [titles, subtitleOf] = await Promise.all([titlesIn(db, language), variableSubtitlesIn(db, hits, language)]);
      const dates = datesOf(words.years);
      return { results: hits.map((hit) => toResult(hit, t, titles, subtitleOf, dates)) };
    },
  );
};

/**
 * The index writes a variable's subtitle (unit, sector, source) in English; a reader of another
 * language gets it made anew from the variable's unit and the catalogue's titles in that language.
 */
async function variableSubtitlesIn(
  db: Kysely<Database>,
  hits: SearchHit[],
  language: Language,
): Promise<(hit: SearchHit) => string> {
  const variables = hits.filter((hit) => hit.kind === 'variable' && hit.ref_id !== null);
  if (language === 'en' || !variables.length) return (hit) => hit.subtitle;
  const [units, sources] = await Promise.all([
    variableUnits(db, [...new Set(variables.map((hit) => hit.ref_id!))]),
    listSources(db),
  ]);
  const bySlug = new Map(sources.map((s) => [`${s.sector_slug}/${s.slug}`, s]));
  return (hit) => {
    const unit = units.get(hit.ref_id!);
    const source = bySlug.get(`${hit.sector}/${hit.source}`);
    if (unit === undefined || !source) return hit.subtitle;
    return variableSubtitle(
      unit,
      inLanguage(language, source.sector_title, source.sector_title_sw),
      inLanguage(language, source.title, source.title_sw),
    );
  };
}

/** The dates a query's years name: from the start of the first to the end of the last. */
export interface Dates {
  start: string;
  end: string;
}
const datesOf = (years: number[]): Dates | null =>
  years.length ? { start: `${Math.min(...years)}-01-01`, end: `${Math.max(...years)}-12-31` } : null;

function toResult(
  hit: SearchHit,
  t: Translate,
  titles: Titles,
  subtitleOf: (hit: SearchHit) => string,
  dates: Dates | null,
): SearchResult {
  const score = Math.round(hit.score * 1000) / 1000;
  const url = pageOf(hit, dates);
  // The index holds the English titles; a sector or a source is named in the reader's language.
  if (hit.kind === 'sector')
    return {
      kind: hit.kind,
      title: titles.sector(hit.sector!, hit.title),
      subtitle: titles.sectorDescription(hit.sector!, hit.subtitle),
      url,
      score,
    };
  if (hit.kind === 'source')
    return {
      kind: hit.kind,
      title: titles.source(hit.sector!, hit.source!, hit.title),
      subtitle: titles.sector(hit.sector!, hit.subtitle),
      url,
      score,
    };
  if (hit.place)
    return {
      kind: 'variable',
      title: `${hit.title} · ${hit.place}`,
      subtitle: subtitleOf(hit),
      url,
      score,
    };
  const subtitle = hit.kind === 'place' ? placeKind(hit.location_kind, t) : subtitleOf(hit);
  return { kind: hit.kind, title: hit.title, subtitle, url, score };
}

const placeKind = (kind: string | null, t: Translate) =>
  kind && kind in PLACE_KINDS ? t(PLACE_KINDS[kind as keyof typeof PLACE_KINDS]) : '';

/**
 * The page a result opens, with the URL state the web app's pages read (timeseries query state, map
 * centre); a timeseries page over the dates the query's years name, when it names any.
 */
export function pageOf(hit: SearchHit, dates: Dates | null = null): string {
  const timeseries = (params: Record<string, string | null>) =>
    timeseriesPagePath(hit.sector!, hit.source!, { ...params, ...dates });
  switch (hit.kind) {
    case 'sector':
      return sectorPath(hit.sector!);
    case 'source':
      return timeseries({});
    case 'dataset':
      // An index written before entries named their dataset opens a source listing it, as it did.
      return hit.dataset ? datasetPath(hit.dataset) : timeseries({});
    case 'variable':
      return timeseries({ start: hit.first_ts, end: hit.last_ts, variable: hit.title, location: hit.place });
    case 'place':
      return hit.location_kind === 'county'
        ? countyPath(countySlug(hit.location!))
        : timeseries({ location: hit.location });
    case 'layer':
      return `${filterLayerPath(hit.layer!)}?${new URLSearchParams({ show: hit.layer! }).toString()}`;
    case 'feature':
      return `${filterLayerPath(hit.layer!)}?${new URLSearchParams({ show: hit.layer!, lat: String(hit.lat), lon: String(hit.lon), zoom: String(FEATURE_ZOOM) }).toString()}`;
  }
}
