import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ApiErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { LocationSchema, ObservationsPageSchema, VariableSchema } from '@portal/contract/timeseries';
import { seedTimeseries, testDialects } from '@portal/db/testing';
import { getJson } from '@portal/testing/http';
import { loginAs } from './login-as.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

const counties = ['Nairobi', 'Mombasa', 'Kisumu'];

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`open timeseries API on ${dialect}`, () => {
    const SOLAR = 'Households using "solar", share';
    const CHECKSUM = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
    const LOADED_AT = '2026-11-24T07:10:00.000Z';
    let server: TestApp;
    const observations = (params: string) => `${API.observations('energy', 'access')}?${params}`;
    const csv = (params: string) => `${API.observationsCsv('energy', 'access')}?${params}`;
    const all =
      'start=2000-01-01&end=2020-12-31&variable=Electricity%20access&location=Nairobi&location=Mombasa&location=Kisumu';

    beforeAll(async () => {
      server = await buildTestApp(dialect);
      await seedTimeseries(server.db, {
        dataset: 'lighting',
        variables: [
          {
            sources: ['energy/access'],
            name: 'Electricity access',
            unit: '%',
            period: 'year',
            definition: 'Share of households lit by mains electricity',
            code: 'V4_T2.19',
          },
          { sources: ['energy/access'], name: 'Unused variable', unit: '%', period: 'year' },
          { sources: ['energy/access'], name: SOLAR, unit: '%, of households', period: 'year' },
        ],
        locations: counties.map((name, i) => ({ name, countyCode: i + 1 })),
        observations: [
          ...counties.flatMap((county, c) =>
            [2009, 2019].map(
              (y) =>
                ['Electricity access', county, `${y}-01-01`, c * 10 + y - 2000] as [string, string, string, number],
            ),
          ),
          [SOLAR, 'Kisumu', '2019-01-01', 12.5],
        ],
      });
      // A load as the importer records it, so the provenance names its version and load time.
      await server.db
        .updateTable('datasets')
        .set({ checksum: CHECKSUM, loaded_at: Date.parse(LOADED_AT) })
        .where('id', '=', 'lighting')
        .execute();
    });
    afterAll(() => server.close());

    it("lists a source's variables with units and date span, and its locations", async () => {
      const variables = await getJson(server, `${API.variables('energy', 'access')}`, z.array(VariableSchema));
      const provenance = {
        id: 'lighting',
        title: 'lighting (test)',
        publisher: 'Test Publisher',
        licence: 'CC BY 4.0',
        citation: 'Test Publisher (2024). lighting.',
        sourceUrl: 'https://example.org/data',
        retrieved: '2024-01-01',
        notes: null,
        version: '0123456789ab',
        loadedAt: LOADED_AT,
      };
      const none = { definition: null, code: null, derivation: null, dataset: provenance };
      // A yearly series covers its last year to 31 December.
      expect(variables).toEqual([
        {
          ...none,
          name: 'Electricity access',
          unit: '%',
          period: 'year',
          first: '2009-01-01',
          last: '2019-12-31',
          definition: 'Share of households lit by mains electricity',
          code: 'V4_T2.19',
        },
        { ...none, name: SOLAR, unit: '%, of households', period: 'year', first: '2019-01-01', last: '2019-12-31' },
        { ...none, name: 'Unused variable', unit: '%', period: 'year', first: null, last: null },
      ]);
      const locations = await getJson(server, `${API.locations('energy', 'access')}`, z.array(LocationSchema));
      expect(locations.map((l) => l.name)).toEqual(['Kisumu', 'Mombasa', 'Nairobi']);
      expect(await getJson(server, `${API.variables('water', 'lakes')}`, z.array(VariableSchema))).toEqual([]);
    });

    it('pages observations as JSON with the total', async () => {
      const first = await getJson(server, observations(`${all}&pageSize=4`), ObservationsPageSchema);
      expect(first.total).toBe(6);
      expect(first.data).toHaveLength(4);
      expect(first.data[0]).toEqual({
        timestamp: '2009',
        variable: 'Electricity access',
        unit: '%',
        value: 29,
        location: 'Kisumu',
        dataset: 'lighting',
      });
      expect(first.datasets).toEqual([
        expect.objectContaining({
          id: 'lighting',
          publisher: 'Test Publisher',
          licence: 'CC BY 4.0',
          retrieved: '2024-01-01',
          version: '0123456789ab',
          loadedAt: LOADED_AT,
        }),
      ]);
      const second = await getJson(server, observations(`${all}&pageSize=4&page=2`), ObservationsPageSchema);
      expect(second.data).toHaveLength(2);
      expect(new Set([...first.data, ...second.data].map((o) => `${o.timestamp}/${o.location}`)).size).toBe(6);
      const beyond = await getJson(server, observations(`${all}&pageSize=4&page=9`), ObservationsPageSchema);
      expect(beyond).toMatchObject({ data: [], total: 6, datasets: [] });
    });

    it('streams every row as CSV for a session and refuses CSV without one', async () => {
      const refused = await server.fetch(csv(all));
      expect(refused.status).toBe(401);
      const cookie = await loginAs(server.db, `csv-${dialect}@example.org`);
      const response = await server.fetch(csv(all), { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
      const lines = (await response.text()).trim().split('\n');
      expect(lines[0]).toBe('timestamp,variable,value,unit,location,dataset');
      expect(lines).toHaveLength(7);
      expect(lines).toContain('2019,Electricity access,39,%,Kisumu,lighting');
      // Commas and quotes in names and units are quoted as RFC 4180 says.
      const solar = (
        await (await server.fetch(csv(`${all}&variable=${encodeURIComponent(SOLAR)}`), { headers: { cookie } })).text()
      )
        .trim()
        .split('\n');
      expect(solar).toHaveLength(8);
      expect(solar).toContain('2019,"Households using ""solar"", share",12.5,"%, of households",Kisumu,lighting');
    });

    it('answers 404 for an unknown source and 400 naming the bad parameter', async () => {
      const missing = await server.fetch(`${API.observations('energy', 'coal')}?${all}`);
      expect(missing.status).toBe(404);
      for (const [params, field] of [
        ['start=2000-01-01&end=2020-12-31&location=Nairobi', 'variable'],
        [`${all}&pageSize=5000`, 'pageSize'],
        [all.replace('start=2000-01-01', 'start=yesterday'), 'start'],
      ]) {
        const response = await server.fetch(observations(params));
        expect(response.status).toBe(400);
        expect(ApiErrorSchema.parse(await response.json()).error.message).toContain(field);
      }
    });
  });
}
