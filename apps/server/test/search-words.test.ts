import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { SEARCH_WORDS_MAX, type SearchResult, SearchResponseSchema } from '@portal/contract/search';
import { SEARCH_GLOSSARIES } from '@portal/contract/search-words';
import { normalize } from '@portal/db/search-score';
import { testDialects } from '@portal/db/testing';
import { CATALOG_DIR } from '@portal/importer';
import { getJson } from '@portal/testing/http';
import { buildTestApp, type TestApp } from './test-server.ts';

const sectorsFile = JSON.parse(readFileSync(join(CATALOG_DIR, 'sectors.json'), 'utf8')) as {
  slug: string;
  title: string;
  sw: { title: string };
  sources: { slug: string; title: string; sw: { title: string } }[];
}[];

const LANGUAGES = ['en', 'sw'] as const;
type Language = (typeof LANGUAGES)[number];

/** The sector and source a result's timeseries page belongs to, as its line names them in `language`. */
function sectorAndSource(result: SearchResult, language: Language): string {
  const [, , sectorSlug, sourceSlug] = new URL(result.url, 'http://portal.test').pathname.split('/');
  const sector = sectorsFile.find((s) => s.slug === sectorSlug)!;
  const source = sector.sources.find((s) => s.slug === sourceSlug)!;
  return language === 'sw' ? `${sector.sw.title} / ${source.sw.title}` : `${sector.title} / ${source.title}`;
}

const paramsOf = (result: SearchResult) => Object.fromEntries(new URL(result.url, 'http://portal.test').searchParams);

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`search reads years, common words and Swahili, on ${dialect}`, () => {
    let server: TestApp;
    const search = async (q: string, language: Language, limit = 20) =>
      (
        await getJson(
          server,
          `${API.search}?${new URLSearchParams({ q, lang: language, limit: String(limit) }).toString()}`,
          SearchResponseSchema,
        )
      ).results;
    /** The variables found, in order. */
    const variables = async (q: string, language: Language, limit?: number) =>
      (await search(q, language, limit)).filter((r) => r.kind === 'variable');

    beforeAll(async () => {
      // Every shipped dataset: the census tables that flooded "by county" are among them.
      server = await buildTestApp(dialect, { template: 'data' });
    }, 120_000);
    afterAll(() => server?.close());

    it('finds rainfall for Turkana in 2010 and opens it over that year, its line in the reader’s language', async () => {
      for (const q of ['rainfall turkana 2010', 'mvua turkana 2010']) {
        for (const language of LANGUAGES) {
          const [first] = await search(q, language);
          expect(first, `${q} (${language})`).toMatchObject({
            kind: 'variable',
            title: 'Rainfall, 1-month rolling · Turkana',
          });
          expect(paramsOf(first)).toEqual({
            start: '2010-01-01',
            end: '2010-12-31',
            variable: 'Rainfall, 1-month rolling',
            location: 'Turkana',
          });
          expect(first.subtitle).toBe(`mm · ${sectorAndSource(first, language)}`);
        }
      }
      // Two years: from the start of the first to the end of the last, on every timeseries link.
      const results = await search('rainfall turkana 2010 2020', 'en');
      const timeseries = results.filter((r) => r.url.includes('/timeseries'));
      expect(timeseries.length).toBeGreaterThan(0);
      for (const result of timeseries)
        expect(paramsOf(result)).toMatchObject({ start: '2010-01-01', end: '2020-12-31' });
    });

    it('puts the electricity access variables first for "electricity access by county", not census tables', async () => {
      for (const q of ['electricity access by county', 'upatikanaji wa umeme kwa kaunti']) {
        for (const language of LANGUAGES) {
          const results = await search(q, language, 12);
          // The census lighting variable, then the World Bank's share of the population.
          expect(
            results.slice(0, 2).map((r) => `${r.kind}: ${r.title}`),
            `${q} (${language})`,
          ).toEqual(['variable: Electricity access', 'variable: Access to electricity']);
          const census = results.filter((r) => /livestock|wall material|roofing|waste disposal/i.test(r.title));
          expect(census.map((r) => r.title)).toEqual([]);
          for (const result of results.filter((r) => r.kind === 'variable'))
            expect(result.subtitle).toContain(` · ${sectorAndSource(result, language)}`);
        }
      }
    });

    it('finds variables by their Swahili words, for readers of either language', async () => {
      for (const [q, expected] of [
        ['mvua', ['Precipitation', 'Rainfall, 1-month rolling', 'Rainfall, 3-month rolling']],
        ['umeme', ['Electricity access']],
        ['idadi ya watu', ['Population', 'Male population', 'Population, male']],
        ['bei ya mahindi', ['Maize (corn), producer price', 'Average retail price: Maize, KG']],
      ] as const) {
        for (const language of LANGUAGES) {
          const found = await variables(q, language);
          expect(
            found.slice(0, expected.length).map((r) => r.title),
            `${q} (${language})`,
          ).toEqual(expected);
          for (const result of found) expect(result.subtitle).toContain(` · ${sectorAndSource(result, language)}`);
        }
      }
    });

    it('puts a result naming every word above one naming some', async () => {
      // "Electric power consumption" is electricity (umeme) but not access (upatikanaji).
      const results = await search('upatikanaji wa umeme', 'sw');
      const all = results.findIndex((r) => r.title === 'Electricity access');
      const some = results.findIndex((r) => r.title === 'Electric power consumption');
      expect(all).toBeGreaterThanOrEqual(0);
      expect(some).toBeGreaterThan(all);
    });

    it('has in its glossary only terms the shipped catalogue and data name', async () => {
      // Points of the map are not found by the glossary (search-index.queries.ts).
      const entries = await server.db
        .selectFrom('search_entries')
        .select('title')
        .where('kind', '!=', 'feature')
        .execute();
      const titles = entries.map((e) => ` ${normalize(e.title)} `);
      const unnamed = Object.entries(SEARCH_GLOSSARIES.en.terms)
        .filter(([, words]) => !words.split(',').some((w) => titles.some((t) => t.includes(` ${normalize(w)} `))))
        .map(([term]) => term);
      expect(unnamed).toEqual([]);
    });

    it(`counts toward the bound of ${SEARCH_WORDS_MAX} words only the words looked up`, async () => {
      const words = ['rai', 'nai', 'ele', 'acc', 'pop', 'cou', 'wat', 'foo', 'cro', 'tem'];
      const answer = await server.fetch(
        `${API.search}?q=${encodeURIComponent(`${words.join(' ')} by the 2010 2020 ya`)}`,
      );
      expect(answer.status).toBe(200);
      expect((await server.fetch(`${API.search}?q=${encodeURIComponent(`${words.join(' ')} mai`)}`)).status).toBe(400);
      // A query of common words alone is looked up as typed: "in" may be the start of "industry".
      expect((await search('in', 'en')).length).toBeGreaterThan(0);
    });
  });
}
