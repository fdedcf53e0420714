// How late a query may end: today for observations (the spec's rule), the last day of the data for a
// source whose data run into the future (DECISIONS, 'Projections and model inputs').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, SpecErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import {
  ExportResponseSchema,
  ObservationsPageSchema,
  PreviewResponseSchema,
  todayIso,
} from '@portal/contract/timeseries';
import { seedTimeseries, testDialects } from '@portal/db/testing';
import { unzip } from '@portal/importer';
import { loginAs } from './login-as.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

const COST = 'Capital cost of solar PV, base scenario';
const PLANT = 'Solar PV plant 1 (PWRSOL001)';
const ACCESS = 'Electricity access';
const NEXT_YEAR = `${Number(todayIso().slice(0, 4)) + 1}-01-01`;

const model = {
  start: '2020-01-01',
  end: '2050-12-31',
  variables: [COST],
  locations: [PLANT],
  source: 'energy/models',
};
const observed = {
  start: '2019-01-01',
  end: NEXT_YEAR,
  variables: [ACCESS],
  locations: ['Nairobi'],
  source: 'energy/access',
};
const apiQuery = (q: typeof model) =>
  new URLSearchParams({ start: q.start, end: q.end, variable: q.variables[0], location: q.locations[0] }).toString();
const observationsPath = (q: typeof model) => {
  const [sector, source] = q.source.split('/');
  return `${API.observations(sector, source)}?${apiQuery(q)}`;
};

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`dates past today on ${dialect}`, () => {
    let server: TestApp;
    let cookie: string;
    const post = (path: string, body: unknown) =>
      server.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });

    beforeAll(async () => {
      server = await buildTestApp(dialect);
      await seedTimeseries(server.db, {
        dataset: 'model-inputs',
        variables: [{ sources: ['energy/models'], name: COST, unit: 'MUSD/GW', period: 'year' }],
        locations: [{ name: PLANT, kind: 'model-entity' }],
        observations: [2020, 2030, 2040, 2050].map((year) => [COST, PLANT, `${year}-01-01`, 1000 - year / 10]),
      });
      await seedTimeseries(server.db, {
        dataset: 'lighting',
        variables: [{ sources: ['energy/access'], name: ACCESS, unit: '%', period: 'year' }],
        locations: [{ name: 'Nairobi', countyCode: 47 }],
        observations: [[ACCESS, 'Nairobi', '2019-01-01', 81.4]],
      });
      cookie = await loginAs(server.db, `dates-${dialect}@example.org`);
    });
    afterAll(() => server.close());

    it("previews an energy model's years up to 2050, with or without the source named", async () => {
      for (const body of [model, { ...model, source: undefined }]) {
        const response = await post(API.preview, body);
        expect(response.status).toBe(200);
        const result = PreviewResponseSchema.parse(await response.json());
        expect('data' in result && result.data.map((row) => row[0])).toEqual(['2020', '2030', '2040', '2050']);
      }
    });

    it("exports an energy model's years up to 2050", async () => {
      const response = await post(API.timeseriesExport, model);
      expect(response.status).toBe(200);
      const body = ExportResponseSchema.parse(await response.json());
      if (!('file' in body)) throw new Error(`expected a file, got ${JSON.stringify(body)}`);
      const csv = (await unzip(Buffer.from(body.file, 'base64'))).get('data.csv')!.toString();
      expect(csv).toContain(`2050,"${COST}",795,MUSD/GW,${PLANT},model-inputs`);
    });

    it("answers an energy model's years up to 2050 in the open API, as JSON and CSV", async () => {
      const response = await server.fetch(observationsPath(model));
      expect(response.status).toBe(200);
      const page = ObservationsPageSchema.parse(await response.json());
      expect(page.data.map((row) => row.timestamp)).toEqual(['2020', '2030', '2040', '2050']);
      const csv = await server.fetch(`${API.observationsCsv('energy', 'models')}?${apiQuery(model)}`, {
        headers: { cookie },
      });
      expect(csv.status).toBe(200);
      expect(await csv.text()).toContain('2050,');
    });

    it("refuses an observation source asked for next year with the spec's message, in every call", async () => {
      for (const path of [API.preview, API.timeseriesExport]) {
        const response = await post(path, observed);
        expect(response.status, path).toBe(400);
        expect(SpecErrorSchema.parse(await response.json()).error).toBe('Dates cannot be later than today.');
      }
      for (const path of [
        observationsPath(observed),
        observationsPath(observed).replace('observations', 'observations.csv'),
      ]) {
        const response = await server.fetch(path, { headers: { cookie } });
        expect(response.status, path).toBe(400);
        expect(ApiErrorSchema.parse(await response.json()).error.message).toBe('Dates cannot be later than today.');
      }
    });

    it('refuses a model asked past the last day of its data, naming that day', async () => {
      const late = { ...model, end: '2051-01-01' };
      const response = await post(API.preview, late);
      expect(response.status).toBe(400);
      expect(SpecErrorSchema.parse(await response.json()).error).toBe(
        "Dates cannot be later than 2050-12-31, the last date of this source's data.",
      );
      const api = await server.fetch(observationsPath(late));
      expect(api.status).toBe(400);
    });
  });
}
