import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { importData, RAW_DIR } from '@portal/importer';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from './test-server.ts';

const SOURCES_DIR = join(import.meta.dirname, '../../../data/sources');
const HOUSEHOLDS = 'census-2019-households';
const HOUSEHOLDS_FILE = 'population_census2019/V1_T2.3.csv';
const ATOM_NS = 'http://www.w3.org/2005/Atom';
/** RFC 3339's date-time, as Atom's updated must be (RFC 4287 §3.3). */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

interface Link {
  '@_href': string;
  '@_rel'?: string;
}
interface HtmlText {
  '#text': string;
  '@_type': 'html';
}
interface Entry {
  id: string;
  title: HtmlText;
  updated: string;
  summary: HtmlText;
  link: Link[];
}
interface AtomDocument {
  '@_xmlns': string;
  id: string;
  title: string;
  updated: string;
  author?: { name: string }[];
  link: Link[];
  entry?: Entry[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['entry', 'link', 'author'].includes(name),
});

/** The text an HTML text construct (type="html", RFC 4287 §3.1.1.2) shows: its markup unescaped. */
const htmlText = (node: { '#text': string }): string =>
  node['#text']
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** A link's relation: none means alternate (RFC 4287 §4.2.7.2). */
const linkOf = (links: Link[], rel: string) => links.find((l) => (l['@_rel'] ?? 'alternate') === rel)?.['@_href'];

/** Parses a feed with a real XML parser and holds it to the rules of RFC 4287 that readers rely on. */
function readAtom(xml: string): AtomDocument & { entry: Entry[] } {
  expect(XMLValidator.validate(xml)).toBe(true);
  const feed = (parser.parse(xml) as { feed: AtomDocument }).feed;
  expect(feed['@_xmlns']).toBe(ATOM_NS);
  expect(feed.id).toMatch(/^tag:portal\.test,2026:/);
  expect(String(feed.title)).toMatch(/\w/);
  expect(feed.updated).toMatch(RFC_3339);
  expect(linkOf(feed.link, 'self')).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/api/v1/`));
  expect(linkOf(feed.link, 'alternate')).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/`));
  // Entries have no author of their own, so the feed must name one (§4.1.1).
  expect(feed.author?.[0]?.name).toMatch(/\w/);
  const entries = feed.entry ?? [];
  expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  for (const entry of entries) {
    expect(entry.id).toMatch(/^tag:portal\.test,2026:datasets\/[a-z0-9-]+\/versions\/\d+\/[0-9a-f]{12}$/);
    expect(entry.title['@_type']).toBe('html');
    expect(htmlText(entry.title)).toMatch(/\w/);
    expect(entry.summary['@_type']).toBe('html');
    expect(entry.updated).toMatch(RFC_3339);
    expect(linkOf(entry.link, 'alternate')).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/datasets/[a-z0-9-]+#versions$`));
  }
  // Newest first.
  const times = entries.map((e) => Date.parse(e.updated));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  if (entries.length) expect(feed.updated).toBe(entries[0].updated);
  return { ...feed, entry: entries };
}

const datasetOf = (entry: Entry) => /datasets\/([a-z0-9-]+)\/versions/.exec(entry.id)![1];

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`Atom feeds on ${dialect}`, () => {
    let server: TestApp;
    let fixture: string;

    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await server.fetch(path, { headers });
      return { response, text: await response.text() };
    };
    const atom = async (path: string, headers: Record<string, string> = {}) => {
      const { response, text } = await get(path, headers);
      expect(response.status, text).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      return readAtom(text);
    };
    /** The datasets with a value at a county, and their loads, counted apart from the feed's query. */
    const datasetsAt = async (county: string) => {
      const { rows } = await sql<{ id: string }>`
        select distinct v.dataset_id as id from observations o
        join variables v on v.id = o.variable_id join locations l on l.id = o.location_id
        where l.name = ${county} and l.kind = 'county'`.execute(server.db);
      return new Set(rows.map((r) => r.id));
    };
    const versionCount = async () =>
      Number(
        (
          await server.db
            .selectFrom('dataset_versions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      server = await buildTestApp(dialect, { template: 'data' });
      fixture = mkdtempSync(join(tmpdir(), 'feeds-'));
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      rmSync(fixture, { recursive: true, force: true });
    });

    it('serves the whole portal feed without login: one entry per dataset version, linked to its page', async () => {
      const feed = await atom(API.feed);
      expect(linkOf(feed.link, 'self')).toBe(`${TEST_PUBLIC_URL}${API.feed}`);
      expect(linkOf(feed.link, 'alternate')).toBe(`${TEST_PUBLIC_URL}/datasets`);
      expect(feed.entry).toHaveLength(Math.min(50, await versionCount()));
      const households = feed.entry.find((e) => datasetOf(e) === HOUSEHOLDS)!;
      expect(linkOf(households.link, 'alternate')).toBe(`${TEST_PUBLIC_URL}/datasets/${HOUSEHOLDS}#versions`);
      expect(htmlText(households.summary)).toContain('The first load, with nothing before it to compare.');
      const titles = new Map(
        (await server.db.selectFrom('datasets').select(['id', 'title']).execute()).map((d) => [d.id, d.title]),
      );
      for (const entry of feed.entry)
        expect(htmlText(entry.title)).toBe(`${titles.get(datasetOf(entry))}: version ${entry.id.slice(-12)}`);
      // The same ids on every request and in every language: readers do not see an entry twice.
      const again = await atom(API.feed, { 'accept-language': 'sw' });
      expect(again.id).toBe(feed.id);
      expect(again.entry.map((e) => e.id)).toEqual(feed.entry.map((e) => e.id));
    });

    it("writes a feed in the reader's language: ?lang=, the cookie or Accept-Language", async () => {
      const english = await atom(API.datasetFeed(HOUSEHOLDS));
      expect(english.title).toMatch(/: new versions$/);
      expect(htmlText(english.entry[0].summary)).toMatch(/^Load 1: version [0-9a-f]{12}, loaded .+ UTC, 144 values\./);
      for (const [path, headers] of [
        [`${API.datasetFeed(HOUSEHOLDS)}?lang=sw`, {}],
        [API.datasetFeed(HOUSEHOLDS), { cookie: 'lang=sw' }],
        [API.datasetFeed(HOUSEHOLDS), { 'accept-language': 'sw-KE,sw;q=0.9' }],
      ] as const) {
        const swahili = await atom(path, headers);
        expect(swahili.title).toMatch(/: matoleo mapya$/);
        expect(htmlText(swahili.entry[0].summary)).toMatch(
          /^Upakiaji 1: toleo [0-9a-f]{12}, lilipakiwa .+ UTC, thamani 144\./,
        );
        expect(htmlText(swahili.entry[0].summary)).toContain('Upakiaji wa kwanza');
      }
    });

    it('answers 304 to a reader whose copy is current, by ETag or by date', async () => {
      const { response } = await get(API.datasetFeed(HOUSEHOLDS));
      const etag = response.headers.get('etag')!;
      const lastModified = response.headers.get('last-modified')!;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(new Date(lastModified).toUTCString()).toBe(lastModified);
      expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      expect(response.headers.get('vary')).toMatch(/Accept-Language/);
      for (const headers of [{ 'if-none-match': etag }, { 'if-modified-since': lastModified }] as Record<
        string,
        string
      >[]) {
        const { response: again, text } = await get(API.datasetFeed(HOUSEHOLDS), headers);
        expect(again.status).toBe(304);
        expect(text).toBe('');
        expect(again.headers.get('etag')).toBe(etag);
      }
      const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await get(API.datasetFeed(HOUSEHOLDS), { 'if-modified-since': earlier })).response.status).toBe(200);
      expect((await get(API.datasetFeed(HOUSEHOLDS), { 'if-none-match': 'W/"other"' })).response.status).toBe(200);
      // Another language is another text, so another ETag.
      const swahili = await get(API.datasetFeed(HOUSEHOLDS), { 'accept-language': 'sw' });
      expect(swahili.response.headers.get('etag')).not.toBe(etag);
    });

    it('gives a county the datasets with data for it, and no other', async () => {
      const feed = await atom(API.countyFeed('turkana'));
      expect(linkOf(feed.link, 'self')).toBe(`${TEST_PUBLIC_URL}${API.countyFeed('turkana')}`);
      expect(linkOf(feed.link, 'alternate')).toBe(`${TEST_PUBLIC_URL}/counties/turkana`);
      expect(feed.title).toBe('Turkana County: new versions of the datasets with data for it');
      const expected = await datasetsAt('Turkana');
      expect(expected.has(HOUSEHOLDS)).toBe(true);
      // National data only: not Turkana's.
      expect(expected.has('wdi-kenya')).toBe(false);
      expect(new Set(feed.entry.map(datasetOf))).toEqual(expected);
    });

    it("gives a source the datasets of the variables it lists, titled in the reader's language", async () => {
      const feed = await atom(API.sourceFeed('macro-economics', 'population'));
      const { rows } = await sql<{ id: string }>`
        select distinct v.dataset_id as id from variables v join variable_sources vs on vs.variable_id = v.id
        where vs.source_id = 'macro-economics/population'`.execute(server.db);
      expect(rows.length).toBeGreaterThan(1);
      expect(new Set(feed.entry.map(datasetOf))).toEqual(new Set(rows.map((r) => r.id)));
      expect(linkOf(feed.link, 'alternate')).toBe(`${TEST_PUBLIC_URL}/sectors/macro-economics/population/timeseries`);
      expect(feed.title).toBe('Macro-Economics Sector - Population: new versions of its datasets');
      const swahili = await atom(`${API.sourceFeed('macro-economics', 'population')}?lang=sw`);
      expect(swahili.title).toMatch(/^Sekta ya Uchumi Mkuu - /);
    });

    it('refuses an unknown dataset, source or county with 404 and a message saying what was not found', async () => {
      for (const [path, message] of [
        [API.datasetFeed('no-such-dataset'), "Dataset 'no-such-dataset' was not found"],
        [API.sourceFeed('energy', 'no-such-source'), "Source 'energy/no-such-source' was not found"],
        [API.countyFeed('atlantis'), "No county has the slug 'atlantis'; see /api/v1/counties for the 47 slugs"],
      ]) {
        const response = await server.fetch(path);
        expect(response.status, path).toBe(404);
        expect(ApiErrorSchema.parse(await response.json()).error).toMatchObject({ code: 'NOT_FOUND', message });
      }
      const swahili = await server.fetch(`${API.countyFeed('atlantis')}?lang=sw`);
      expect(ApiErrorSchema.parse(await swahili.json()).error.message).toMatch(/^Hakuna kaunti/);
      expect((await server.fetch(API.datasetFeed('Not_An_Id'))).status).toBe(400);
      expect((await server.fetch(`${API.feed}?since=2020`)).status).toBe(400);
    });

    it('declares the feeds in the API reference as Atom', async () => {
      const doc = (await (await server.fetch(API.openapi)).json()) as {
        paths: Record<string, { get: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
      };
      for (const path of [
        '/api/v1/feed.atom',
        '/api/v1/datasets/{id}/feed.atom',
        '/api/v1/sectors/{sector}/sources/{source}/feed.atom',
        '/api/v1/counties/{slug}/feed.atom',
      ]) {
        const responses = doc.paths[path]?.get.responses;
        expect(Object.keys(responses?.['200']?.content ?? {}), path).toEqual(['application/atom+xml']);
        expect(responses['304'], path).toBeDefined();
      }
      expect(Object.keys(doc.paths['/api/v1/counties/{slug}/feed.atom'].get.responses['404'].content!)).toEqual([
        'application/json',
      ]);
    });

    it('adds one entry with what changed when a changed file of a dataset is loaded', async () => {
      const before = await atom(API.datasetFeed(HOUSEHOLDS));
      const portalBefore = await atom(API.feed);
      const { response: cached } = await get(API.datasetFeed(HOUSEHOLDS));
      const mombasaBefore = await atom(API.countyFeed('mombasa'));
      expect((await atom(API.countyFeed('kwale'))).entry.map(datasetOf)).toContain(HOUSEHOLDS);

      // The publisher's new file: Mombasa's households counted again, Kwale's row gone.
      mkdirSync(join(fixture, 'sources'));
      mkdirSync(join(fixture, 'raw/population_census2019'), { recursive: true });
      copyFileSync(join(SOURCES_DIR, 'locations.json'), join(fixture, 'sources/locations.json'));
      copyFileSync(join(SOURCES_DIR, `${HOUSEHOLDS}.json`), join(fixture, `sources/${HOUSEHOLDS}.json`));
      const file = readFileSync(join(RAW_DIR, HOUSEHOLDS_FILE), 'utf8');
      expect(file).toContain('"Mombasa   ",1190987,378422,3.1');
      const changed = file
        .replace('"Mombasa   ",1190987,378422,3.1', '"Mombasa   ",1190987,378500,3.1')
        .replace(/^"Kwale .*\n/m, '');
      writeFileSync(join(fixture, 'raw', HOUSEHOLDS_FILE), changed);
      const summary = await importData(server.db, {
        sourcesDir: join(fixture, 'sources'),
        rawDir: join(fixture, 'raw'),
        only: [HOUSEHOLDS],
      });
      expect(summary.outcomes.map((o) => o.status)).toEqual(['loaded']);

      const after = await atom(API.datasetFeed(HOUSEHOLDS));
      expect(after.entry).toHaveLength(before.entry.length + 1);
      const [added, ...older] = after.entry;
      // Older entries keep their ids, so readers do not show them again.
      expect(older.map((e) => e.id)).toEqual(before.entry.map((e) => e.id));
      expect(added.id).toMatch(new RegExp(`^tag:portal\\.test,2026:datasets/${HOUSEHOLDS}/versions/2/[0-9a-f]{12}$`));
      expect(htmlText(added.title)).toMatch(/: version [0-9a-f]{12}$/);
      expect(htmlText(added.summary)).toMatch(/^Load 2: version [0-9a-f]{12}, loaded .+ UTC, 141 values\./);
      expect(htmlText(added.summary)).toContain(
        '1 value changed, 0 added, 3 removed, between 2019-01-01 and 2019-01-01.',
      );
      expect(after.updated).toBe(added.updated);
      expect(Date.parse(after.updated)).toBeGreaterThan(Date.parse(before.updated));

      // The copy a reader held is stale now.
      const revalidated = await get(API.datasetFeed(HOUSEHOLDS), { 'if-none-match': cached.headers.get('etag')! });
      expect(revalidated.response.status).toBe(200);
      expect((await atom(API.feed)).entry[0]).toEqual(added);
      expect(portalBefore.entry.map((e) => e.id)).not.toContain(added.id);
      expect((await atom(API.countyFeed('mombasa'))).entry).toEqual([added, ...mombasaBefore.entry]);
      // Kwale has no value of the dataset any more.
      expect((await atom(API.countyFeed('kwale'))).entry.map(datasetOf)).not.toContain(HOUSEHOLDS);
    });
  });
}
