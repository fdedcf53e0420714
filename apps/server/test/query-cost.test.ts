import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@portal/contract/errors';
import { translator } from '@portal/contract/messages';
import { API } from '@portal/contract/paths';
import { ExportResponseSchema, PreviewResponseSchema } from '@portal/contract/timeseries';
import { seedTimeseries, testDialects } from '@portal/db/testing';
import { call } from './http.ts';
import { loginAs } from './login-as.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

const t = translator();
const MAX_CELLS = 1000;
const DAYS = 600;
const PLACES = ['Nairobi', 'Mombasa'];
const day = (i: number) => new Date(Date.UTC(2018, 0, 1 + i)).toISOString().slice(0, 10);

/** Within the limit: one place over all its 600 days, however wide the range. Over it: both places. */
const within = {
  start: '1900-01-01',
  end: '2024-12-31',
  variables: ['Daily reading'],
  locations: ['Nairobi'],
  source: 'climate/weather-observations',
};
const over = { ...within, locations: PLACES };
const refusal = t('timeseries.tooLarge', {
  cells: 2 * DAYS,
  variables: 1,
  locations: 2,
  periods: DAYS,
  max: MAX_CELLS,
});
const observations = (q: typeof within) =>
  `${API.observations('climate', 'weather-observations')}?start=${q.start}&end=${q.end}&variable=Daily%20reading&${q.locations.map((l) => `location=${l}`).join('&')}`;

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`the cost limit of timeseries queries on ${dialect}`, () => {
    let server: TestApp;

    beforeAll(async () => {
      server = await buildTestApp(dialect, { queryMaxCells: MAX_CELLS });
      await seedTimeseries(server.db, {
        dataset: 'daily',
        variables: [{ sources: ['climate/weather-observations'], name: 'Daily reading', unit: 'mm', period: 'day' }],
        locations: PLACES.map((name) => ({ name })),
        observations: PLACES.flatMap((place) =>
          Array.from(
            { length: DAYS },
            (_, i) => ['Daily reading', place, day(i), i] as [string, string, string, number],
          ),
        ),
      });
    });
    afterAll(() => server.close());

    it('previews a query within the limit, counting only the dates the data covers', async () => {
      const answer = await call(server, API.preview, { body: within });
      expect(answer.status).toBe(200);
      expect(PreviewResponseSchema.parse(answer.body)).toMatchObject({ total: DAYS });
    });

    it('answers the preview of a larger query with info saying how large it is and what to do', async () => {
      const answer = await call(server, API.preview, { body: over });
      expect(answer.status).toBe(200);
      expect(PreviewResponseSchema.parse(answer.body)).toEqual({ info: refusal });
      expect(refusal).toContain('1,200 values (1 variable(s) at 2 location(s), up to 600 dates each)');
      expect(refusal).toContain('1,000 one query may ask for');
    });

    it('answers the export of a larger query with the same info, and exports one within the limit', async () => {
      const cookie = await loginAs(server.db, `cost-${dialect}@example.org`);
      const refused = await call(server, API.timeseriesExport, { body: over, headers: { cookie } });
      expect(ExportResponseSchema.parse(refused.body)).toEqual({ info: refusal });
      const exported = await call(server, API.timeseriesExport, { body: within, headers: { cookie } });
      expect(ExportResponseSchema.parse(exported.body)).toHaveProperty('file');
    });

    it('refuses a larger page of observations of the open API with 400 QUERY_TOO_LARGE in its error shape', async () => {
      expect((await call(server, observations(within))).body).toMatchObject({ total: DAYS });
      const answer = await call(server, observations(over));
      expect(answer.status).toBe(400);
      expect(ApiErrorSchema.parse(answer.body).error).toMatchObject({ code: 'QUERY_TOO_LARGE', message: refusal });
    });

    it('streams the CSV of a larger query, as it reads in short pages', async () => {
      const cookie = await loginAs(server.db, `csv-${dialect}@example.org`);
      const response = await server.fetch(observations(over).replace('/observations?', '/observations.csv?'), {
        headers: { cookie },
      });
      expect(response.status).toBe(200);
      expect((await response.text()).trim().split('\n')).toHaveLength(1 + 2 * DAYS);
    });
  });
}
