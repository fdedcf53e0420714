import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/contract/paths';
import { translator } from '@portal/contract/messages';
import '@portal/contract/messages-sw';
import { testDialects } from '@portal/db/testing';
import { CATALOG_DIR } from '@portal/importer';
import { call } from './http.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

const sw = translator('sw');
const en = translator('en');
const files = (name: string) => JSON.parse(readFileSync(join(CATALOG_DIR, name), 'utf8'));
const sectorsFile = files('sectors.json') as {
  slug: string;
  title: string;
  sw: { title: string; intro?: string };
  sources: { slug: string; sw: { title: string; description: string } }[];
}[];
const siteFile = files('site.json') as { sw: { about: unknown } };
const SWAHILI = { cookie: 'lang=sw' };

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`answers in the visitor's language on ${dialect}`, () => {
    let server: TestApp;
    let smtp: SmtpSink;
    const get = (path: string, headers?: Record<string, string>) => call(server, path, { headers });

    beforeAll(async () => {
      smtp = await startSmtpSink();
      server = await buildTestApp(dialect, { smtpUrl: smtp.url, template: 'data' });
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      await smtp?.close();
    });

    it('gives sector and source texts in Swahili to a reader whose cookie or browser asks for it', async () => {
      const titles = sectorsFile.map((s) => s.sw.title);
      expect((await get(API.sectors, SWAHILI)).body.map((s: { title: string }) => s.title)).toEqual(titles);
      expect(
        (await get(API.sectors, { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' })).body.map(
          (s: { title: string }) => s.title,
        ),
      ).toEqual(titles);
      // The cookie, the visitor's own choice, outweighs the browser's languages.
      expect(
        (await get(API.sectors, { cookie: 'lang=en', 'accept-language': 'sw' })).body.map(
          (s: { title: string }) => s.title,
        ),
      ).toEqual(sectorsFile.map((s) => s.title));

      const water = sectorsFile.find((s) => s.slug === 'water')!;
      const sector = (await get(API.sector('water'), SWAHILI)).body;
      expect(sector).toMatchObject({ title: water.sw.title, intro: water.sw.intro });
      expect(sector.sources.find((s: { slug: string }) => s.slug === 'lakes')).toMatchObject({
        sectorTitle: water.sw.title,
        ...water.sources.find((s) => s.slug === 'lakes')!.sw,
      });
      const source = (await get(API.source('agriculture', 'carbon'), SWAHILI)).body;
      expect(source).toMatchObject({ sectorTitle: 'Kilimo / Ardhi', title: 'Kaboni' });
      // Data names stay as the data gives them.
      expect(source.layers.map((l: { name: string }) => l.name)).toContain('Forests');
    });

    it('names sources in Swahili where answers show them beside data: datasets, county figures and maps', async () => {
      const access = { sector: 'energy', sectorTitle: 'Nishati', slug: 'access', title: 'Upatikanaji' };
      const dataset = (await get(API.dataset('census-2019-lighting'), SWAHILI)).body;
      expect(dataset.sources).toContainEqual(
        expect.objectContaining({
          sector: 'energy',
          sectorTitle: 'Nishati',
          source: 'access',
          sourceTitle: 'Upatikanaji',
        }),
      );
      const profile = (await get(API.county('nairobi'), SWAHILI)).body;
      expect(profile.figures.find((f: { variable: string }) => f.variable === 'Electricity access').source).toEqual(
        access,
      );
      const counties = (await get(API.counties, SWAHILI)).body;
      expect(counties.headlines.find((h: { variable: string }) => h.variable === 'Electricity access').source).toEqual(
        access,
      );
      const mappable = (await get(API.choroplethVariables, SWAHILI)).body;
      expect(mappable.find((v: { name: string }) => v.name === 'Electricity access').source).toEqual(access);
      const map = (await get(`${API.choropleth}?source=energy/access&variable=Electricity%20access`, SWAHILI)).body;
      expect(map.source).toEqual(access);
      // English readers keep the English titles.
      expect(
        (await get(API.county('nairobi'))).body.figures.find(
          (f: { variable: string }) => f.variable === 'Electricity access',
        ).source.title,
      ).toBe('Access');
    });

    it('finds sectors and sources by their Swahili titles and names them in Swahili', async () => {
      // Every water variable is found by 'maji' too (the search glossary): all fifty results, to reach the sources.
      const { results } = (await get(`${API.search}?q=maji&limit=50`, SWAHILI)).body as {
        results: { kind: string; title: string; subtitle: string; url: string }[];
      };
      expect(results.find((r) => r.kind === 'sector')).toMatchObject({ title: 'Maji', url: '/sectors/water' });
      expect(results.find((r) => r.kind === 'source' && r.url.startsWith('/sectors/water/lakes/'))).toMatchObject({
        title: 'Maziwa',
        subtitle: 'Maji',
      });
      const english = (await get(`${API.search}?q=maji`)).body as { results: { kind: string; title: string }[] };
      expect(english.results.find((r) => r.kind === 'sector')?.title).toBe('Water');
    });

    it('names the sector and source of a variable result in Swahili, its unit as the data gives it', async () => {
      type Results = { results: { title: string; subtitle: string; url: string }[] };
      const path = `${API.search}?q=lighting&kind=variable&limit=1`;
      const [found] = ((await get(path, SWAHILI)).body as Results).results;
      const [inEnglish] = ((await get(path)).body as Results).results;
      const [, , sectorSlug, sourceSlug] = new URL(found.url, 'http://portal.test').pathname.split('/');
      const sector = sectorsFile.find((s) => s.slug === sectorSlug)!;
      const source = sector.sources.find((s) => s.slug === sourceSlug)!;
      expect(found.title).toBe(inEnglish.title);
      expect(inEnglish.subtitle).toContain(` · ${sector.title} / `);
      expect(found.subtitle).toBe(`${inEnglish.subtitle.split(' · ')[0]} · ${sector.sw.title} / ${source.sw.title}`);
    });

    it('gives the About texts in Swahili', async () => {
      expect((await get(API.site, SWAHILI)).body.about).toEqual(siteFile.sw.about);
    });

    it('writes an error in Swahili', async () => {
      const answer = await get(API.sector('nowhere'), SWAHILI);
      expect(answer).toMatchObject({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: sw('error.sectorNotFound', { sector: 'nowhere' }) } },
      });
      expect(answer.body.error.message).not.toBe(en('error.sectorNotFound', { sector: 'nowhere' }));
    });

    it('answers a sign-up and writes its e-mail in Swahili', async () => {
      const email = 'wanjiru@example.org';
      const body = {
        username: 'Wanjiru Kamau',
        email,
        password: 'nenosiri refu',
        confirmPW: 'nenosiri refu',
        organization: 'Kaunti ya Nyeri',
        country: 'Kenya',
        useOfData: 'Kulinganisha mvua kati ya kaunti',
      };
      const answer = await call(server, API.signup, { body, headers: SWAHILI });
      expect(answer).toMatchObject({ status: 201, body: { info: sw('auth.signedUp', { email }) } });
      const mail = await smtp.next(email);
      expect(mail.subject).toBe(sw('mail.verify.subject', { siteName: 'Kenya CLEW Data Observatory' }));
      expect(mail.text).toContain(sw('mail.verify.intro', { siteName: 'Kenya CLEW Data Observatory' }));
    });
  });
}
