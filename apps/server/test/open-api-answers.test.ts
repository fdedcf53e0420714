import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetObservationsPageSchema } from '@portal/contract/datasets';
import { ApiErrorSchema } from '@portal/contract/errors';
import { translator } from '@portal/contract/messages';
import { API } from '@portal/contract/paths';
import { ObservationsPageSchema } from '@portal/contract/timeseries';
import { testDialects } from '@portal/db/testing';
import { call, type CallOptions } from './http.ts';
import { loginAs } from './login-as.ts';
import { apiRoutes } from './route-tree.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

const en = translator('en');
const sw = translator('sw');
const LANGUAGES = [
  ['en', en],
  ['sw', sw],
] as const;

const RAINFALL = 'wfp-chirps-county-rainfall';
const ONE_MONTH = 'Rainfall, 1-month rolling';
const rainfall = (query: string) => `${API.observations('climate', 'weather-observations')}?${query}`;
const rainfallCsv = (query: string) => `${API.observationsCsv('climate', 'weather-observations')}?${query}`;
/** The largest dataset the portal ships (146,048 rows), with many variables. */
const DEEP = 'osemosys-kenya-psm-v2';

interface Operation {
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
}

const form = (params: Record<string, string | string[]>) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const one of [value].flat()) query.append(name, one);
  return query.toString();
};

/**
 * Checks a refusal of unknown names: per name, its parameter, the text in the reader's language
 * with the closest names the answer's details list, and the closest first.
 */
function expectNamesRefused(
  t: typeof en,
  error: { message: string; details?: unknown },
  kind: 'source' | 'dataset',
  scope: string,
  names: [parameter: 'variable' | 'location', name: string, closest: string][],
) {
  const details = error.details as { path: string; message: string; closest: string[] }[];
  expect(details.map((d) => [d.path.slice(1), d.closest[0]])).toEqual(names.map(([p, , closest]) => [p, closest]));
  const texts = names.map(([parameter, name], i) => {
    const closest = details[i].closest.map((c) => `'${c}'`).join(', ');
    const key =
      parameter === 'variable' ? (`error.unknownVariable.${kind}` as const) : (`error.unknownPlace.${kind}` as const);
    return `${parameter}: ${t(key, { scope, name, closest })}`;
  });
  expect(error.message).toBe(
    t('error.invalidRequest', { part: t('issue.part.querystring'), problems: texts.join('; ') }),
  );
}

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`the open API's answers on ${dialect}`, () => {
    let server: TestApp;
    let cookie: string;
    let client = 0;
    // Each request from an address of its own, so that rate limits never stand in for what is tested.
    const send = (path: string, options: CallOptions = {}) =>
      call(server, path, {
        ...options,
        headers: { 'x-forwarded-for': `10.7.${client >> 8}.${client++ & 255}`, cookie, ...options.headers },
      });
    const refusal = async (path: string) => {
      const answer = await send(path);
      expect(answer.status, path).toBe(400);
      return ApiErrorSchema.parse(answer.body).error;
    };
    const datasetPage = async (id: string, query: string) => {
      const answer = await send(`${API.datasetObservations(id)}?${query}`);
      expect(answer.status, query).toBe(200);
      return DatasetObservationsPageSchema.parse(answer.body);
    };

    beforeAll(async () => {
      server = await buildTestApp(dialect, { template: 'data', trustProxy: 1 });
      cookie = await loginAs(server.db, `answers-${dialect}@example.org`);
    }, 120_000);
    afterAll(() => server.close());

    it('refuses, on every open-API route, a query parameter the route does not take, naming it in the reader’s language', async () => {
      const doc = (await send(API.openapi)).body as { paths: Record<string, Record<string, Operation>> };
      const routes = apiRoutes(server.app.printRoutes({ commonPrefix: false }), '/api/v1/').filter(
        (route) => !route.url.endsWith('*'),
      );
      expect(routes.length).toBeGreaterThan(30);
      for (const route of routes) {
        const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
        const path = route.url.replace(/:(\w+)/g, (_, name: string) => {
          const example = operation?.parameters?.find((p) => p.in === 'path' && p.name === name)?.example;
          expect(example, `${route.method} ${route.url}: an example ${name}`).toBeDefined();
          return encodeURIComponent(String(example));
        });
        const body = operation?.requestBody?.content['application/json']?.example;
        for (const [language, t] of LANGUAGES) {
          const answer = await send(`${path}?colour=blue&lang=${language}`, { method: route.method, body });
          const what = `${route.method} ${route.url} (${language}): ${JSON.stringify(answer.body)}`;
          expect(answer.status, what).toBe(400);
          const { error } = ApiErrorSchema.parse(answer.body);
          expect(error.code, what).toBe('VALIDATION_FAILED');
          const named = t('issue.unknownParameters', { names: 'colour', known: '' });
          expect(error.message, what).toContain(named);
          expect(error.message, what).toMatch(/\blang\b/);
        }
        // `lang` alone is taken everywhere.
        const plain = await send(`${path}?lang=sw`, { method: route.method, body });
        expect(JSON.stringify(plain.body ?? ''), `${route.method} ${route.url}`).not.toContain(
          sw('issue.unknownParameters', { names: 'lang', known: '' }),
        );
      }
    });

    it('names the parameters an observations call takes when refusing one it does not', async () => {
      const error = await refusal(rainfall('start=2020-01-01&end=2020-12-31&location=Turkana&varaible=Rainfall'));
      expect(error.message).toBe(
        en('error.invalidRequest', {
          part: en('issue.part.querystring'),
          problems: en('issue.unknownParameters', {
            names: 'varaible',
            known: 'start, end, variable, location, page, pageSize, lang',
          }),
        }),
      );
    });

    it('names a missing filter in words, with the parameter that gives it, in English and Swahili', async () => {
      const all = { start: '2020-01-01', end: '2020-12-31', variable: ONE_MONTH, location: 'Turkana' };
      for (const [parameter, text] of [
        ['start', 'timeseries.api.noStart'],
        ['end', 'timeseries.api.noEnd'],
        ['variable', 'timeseries.api.noVariable'],
        ['location', 'timeseries.api.noLocation'],
      ] as const) {
        const { [parameter]: _left, ...rest } = all;
        for (const [language, t] of LANGUAGES) {
          const error = await refusal(rainfall(`${form(rest)}&lang=${language}`));
          expect(error.message, `${parameter} ${language}`).toContain(`${parameter}: ${t(text)}`);
          expect(error.message).not.toContain(`/${parameter}:`);
        }
      }
      expect(en('timeseries.api.noLocation')).toMatch(/^Name at least one place with location=/);
    });

    it('refuses a variable the source does not have, or a place nobody knows, with the closest names, in JSON and CSV', async () => {
      const query = form({
        start: '2020-01-01',
        end: '2020-12-31',
        variable: [ONE_MONTH, 'Rainfal, 3-month rolling'],
        location: ['Turkana', 'Turkanna'],
      });
      for (const path of [rainfall(query), rainfallCsv(query)]) {
        for (const [language, t] of LANGUAGES) {
          const error = await refusal(`${path}&lang=${language}`);
          expectNamesRefused(t, error, 'source', 'climate/weather-observations', [
            ['variable', 'Rainfal, 3-month rolling', 'Rainfall, 3-month rolling'],
            ['location', 'Turkanna', 'Turkana'],
          ]);
        }
      }
      // A variable of another source is not this source's.
      const other = await refusal(
        rainfall(form({ start: '2020-01-01', end: '2020-12-31', variable: 'Electricity access', location: 'Turkana' })),
      );
      expect(other.message).toContain("has no variable 'Electricity access'");
      // A place the portal knows but the source has no value for answers no rows, as a date with none does.
      const none = ObservationsPageSchema.parse(
        (await send(rainfall(form({ start: '2020-01-01', end: '2020-12-31', variable: ONE_MONTH, location: 'Kenya' }))))
          .body,
      );
      expect(none).toMatchObject({ total: 0, data: [] });
    });

    it("narrows a dataset's observations by variable, place and dates, as a source's observations call does", async () => {
      const filters = {
        variable: [ONE_MONTH, 'Rainfall, 3-month rolling'],
        location: ['Turkana', 'Marsabit'],
        start: '2019-03-01',
        end: '2020-06-30',
      };
      const bySource = ObservationsPageSchema.parse((await send(rainfall(`${form(filters)}&pageSize=1000`))).body);
      expect(bySource.total).toBe(2 * 2 * 16);
      const byDataset = await datasetPage(RAINFALL, `${form(filters)}&pageSize=1000`);
      expect(byDataset).toMatchObject({ total: bySource.total, data: bySource.data, next: null, page: 1 });
      // Each filter alone narrows too; the variable alone is a fraction of the dataset.
      const everything = await datasetPage(RAINFALL, 'pageSize=1');
      const oneVariable = await datasetPage(RAINFALL, form({ variable: ONE_MONTH, pageSize: '1000' }));
      expect(oneVariable.total).toBeLessThan(everything.total);
      expect(new Set(oneVariable.data.map((o) => o.variable))).toEqual(new Set([ONE_MONTH]));
      const onePlace = await datasetPage(RAINFALL, form({ location: 'Turkana', pageSize: '1000' }));
      expect(new Set(onePlace.data.map((o) => o.location))).toEqual(new Set(['Turkana']));
      const fromDate = await datasetPage(RAINFALL, form({ start: '2024-01-01', pageSize: '1000' }));
      expect(fromDate.data.every((o) => o.timestamp >= '2024-01')).toBe(true);
      expect(fromDate.total).toBeLessThan(everything.total);
      // The largest dataset, which answered all its rows whatever variable was asked for.
      const deep = await datasetPage(DEEP, 'pageSize=1');
      const deepVariable = deep.data[0].variable;
      const narrowed = await datasetPage(DEEP, form({ variable: deepVariable, pageSize: '1000' }));
      expect(narrowed.total).toBeLessThan(deep.total);
      expect(narrowed.data.every((o) => o.variable === deepVariable)).toBe(true);
    });

    it('refuses a variable the dataset does not have, or a place nobody knows, with the closest names it has', async () => {
      for (const [language, t] of LANGUAGES) {
        const query = form({ variable: 'Rainfall 1 month', location: 'Turkan', lang: language });
        const error = await refusal(`${API.datasetObservations(RAINFALL)}?${query}`);
        expectNamesRefused(t, error, 'dataset', RAINFALL, [
          ['variable', 'Rainfall 1 month', ONE_MONTH],
          ['location', 'Turkan', 'Turkana'],
        ]);
      }
      // A place without values in the dataset matches nothing.
      expect(await datasetPage(RAINFALL, form({ location: 'Kenya' }))).toMatchObject({
        total: 0,
        data: [],
        next: null,
      });
      // The CSV takes the same filters.
      const csv = await send(
        `${API.datasetObservationsCsv(RAINFALL)}?${form({ variable: ONE_MONTH, location: 'Turkana' })}`,
      );
      expect(csv.status).toBe(200);
      const lines = String(csv.body).trim().split('\n').slice(1);
      expect(lines.length).toBe(
        (await datasetPage(RAINFALL, form({ variable: ONE_MONTH, location: 'Turkana' }))).total,
      );
      expect(lines.every((line) => line.includes(`,${ONE_MONTH},`) || line.includes(`"${ONE_MONTH}"`))).toBe(true);
      expect((await refusal(`${API.datasetObservationsCsv(RAINFALL)}?variable=Rain`)).details).toHaveLength(1);
    });

    it('reads an unfiltered page from the numbering alone, its total the last ordinal, as before the filters', async () => {
      const { total } = await datasetPage(RAINFALL, 'pageSize=1');
      const first = await server.db
        .selectFrom('dataset_rows')
        .selectAll()
        .where('dataset_id', '=', RAINFALL)
        .where('ordinal', '=', 1)
        .executeTakeFirstOrThrow();
      // A number past the last row, with no value behind it: counting the values would not see it.
      await server.db
        .insertInto('dataset_rows')
        .values({ ...first, ordinal: total + 1, ts: '1800-01-01' })
        .execute();
      try {
        expect((await datasetPage(RAINFALL, 'pageSize=1')).total).toBe(total + 1);
        expect((await datasetPage(RAINFALL, form({ start: '1700-01-01', pageSize: '1' }))).total).toBe(total);
      } finally {
        await server.db
          .deleteFrom('dataset_rows')
          .where('dataset_id', '=', RAINFALL)
          .where('ordinal', '=', total + 1)
          .execute();
      }
    });

    it('walks a filtered dataset by cursor and by page number, every matching row once in page order, with or without current ordinals', async () => {
      const filters = form({ variable: ONE_MONTH, location: ['Turkana', 'Nairobi', 'Mombasa'] });
      const all = await datasetPage(RAINFALL, `${filters}&pageSize=1000`);
      expect(all.total).toBeGreaterThan(100);
      expect(all.data).toHaveLength(all.total);
      const walk = async () => {
        const walked = [];
        const pages = [];
        let query = `${filters}&pageSize=40`;
        for (let page = await datasetPage(RAINFALL, query); ; page = await datasetPage(RAINFALL, query)) {
          walked.push(...page.data);
          pages.push(page.page);
          if (page.next === null) break;
          query = `${filters}&pageSize=40&cursor=${page.next}`;
        }
        return { walked, pages };
      };
      const { walked, pages } = await walk();
      expect(walked).toEqual(all.data);
      expect(pages).toEqual(Array.from({ length: Math.ceil(all.total / 40) }, (_, i) => i + 1));
      expect((await datasetPage(RAINFALL, `${filters}&pageSize=40&page=3`)).data).toEqual(all.data.slice(80, 120));

      // While the ordinals belong to another load, pages are counted and skipped, and the walk is the same.
      await server.db
        .updateTable('datasets')
        .set({ ordinals_checksum: 'another load' })
        .where('id', '=', RAINFALL)
        .execute();
      try {
        expect((await walk()).walked).toEqual(all.data);
      } finally {
        await server.db
          .updateTable('datasets')
          .set((eb) => ({ ordinals_checksum: eb.ref('checksum') }))
          .where('id', '=', RAINFALL)
          .execute();
      }
    });
  });
}
