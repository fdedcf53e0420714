import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ApiErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { SearchResponseSchema } from '@portal/contract/search';
import { VariableSchema } from '@portal/contract/timeseries';
import { testDialects } from '@portal/db/testing';
import { importData } from '@portal/importer';
import { getJson } from '@portal/testing/http';
import { buildTestApp, type TestApp } from './test-server.ts';

/** The shipped datasets the queries below need; the catalogue and the map features are all loaded. */
const DATASETS = [
  'wfp-chirps-county-rainfall',
  'census-2019-lighting',
  'census-2019-population-by-sex',
  'wdi-kenya',
  'cru-annual-temperature',
  'aquastat-kenya-dams',
];

/** Real queries, as typed (prefixes, typos, a variable with a county), and their first three results. */
const QUERIES: [query: string, top: string[]][] = [
  [
    'rainfal turkan',
    [
      'variable: Rainfall, 1-month rolling · Turkana',
      'variable: Rainfall, 3-month rolling · Turkana',
      'variable: Rainfall, 1-month rolling, anomaly · Turkana',
    ],
  ],
  [
    'wajir rainfall',
    [
      'variable: Rainfall, 1-month rolling · Wajir',
      'variable: Rainfall, 3-month rolling · Wajir',
      'variable: Rainfall, 1-month rolling, anomaly · Wajir',
    ],
  ],
  [
    'rainfall',
    ['layer: Mean Annual Rainfall', 'variable: Rainfall, 1-month rolling', 'variable: Rainfall, 3-month rolling'],
  ],
  [
    'kisumu populaton',
    ['variable: Population · Kisumu', 'variable: Male population · Kisumu', 'variable: Female population · Kisumu'],
  ],
  [
    'garissa populaton',
    ['variable: Population · Garissa', 'variable: Male population · Garissa', 'variable: Female population · Garissa'],
  ],
  [
    'electricity access nairobi',
    ['variable: Electricity access · Nairobi', 'variable: Electricity access', 'layer: Electricity Access 2019'],
  ],
  [
    'electricty',
    ['variable: Electricity access', 'variable: Electric power consumption', 'layer: Electricity Access 2019'],
  ],
  [
    'access to electricity',
    ['variable: Access to electricity', 'variable: Electricity access', 'layer: Electricity Access 2019'],
  ],
  ['temperatur', ['variable: Temperature', 'variable: Minimum temperature', 'variable: Maximum temperature']],
  ['forests', ['layer: Forests', 'variable: Forest area', 'variable: Forest area, share of land area']],
  [
    'populaton density',
    ['layer: Population Density 2020', 'layer: Volta Population Density 2020', 'source: Population'],
  ],
  ['nairobbi', ['place: Nairobi', 'feature: Nairobi', 'feature: NAIROBI NORTH ( 220 / 66 KV)']],
  ['mombasa', ['place: Mombasa', 'feature: Mombasa', 'feature: Mombasa']],
  ['turkana', ['place: Turkana', 'feature: Lake Turkana']],
  ['kenya', ['place: Kenya', 'layer: Kenya Bare Areas', 'layer: Kenya Power Lines']],
  ['tana', ['feature: Tana', 'feature: Tana', 'place: Tana River']],
  ['dams', ['source: Dams', 'layer: Dams', 'layer: Ghana Dams']],
  ['masinga', ['feature: Masinga', 'feature: Masinga', 'place: Masinga Dam']],
  ['kipevu', ['feature: Kipevu I', 'feature: Kipevu III', 'feature: Kipevu II (Tsavo)']],
  ['olkaria', ['feature: Olkaria I', 'feature: Olkaria IV', 'feature: Olkaria II']],
  ['jomo kenyatta', ["feature: Jomo Kenyatta Int'l", 'place: Kenya', 'layer: Kenya Bare Areas']],
  ['airports', ['layer: Airports', "feature: Moi Int'l", "feature: Eldoret Int'l"]],
  [
    'substations',
    ['layer: Substations', 'feature: TANA SUBSTATION ( 11 / 66 KV)', 'feature: KIBOKO SUBSTATION ( 132 / 33 KV)'],
  ],
  [
    'power stations',
    ['layer: Power Stations', 'layer: Ghana Power Stations', 'feature: Gitaru Hydroelectric Power Station Kenya'],
  ],
  ['elevation', ['layer: Elevation', 'layer: Volta Elevation']],
  ['land cover', ['layer: Land Cover 2019', 'source: Land', 'sector: Agricultural / Land']],
  ['lakes', ['source: Lakes', 'layer: Lakes', 'layer: Volta Lakes']],
  ['energy', ['sector: Energy', 'variable: Energy use', 'variable: Energy imports, net']],
  ['water', ['sector: Water', 'source: Watersheds', 'variable: Water productivity, total']],
  ['climate', ['sector: Climate', 'source: Historical Climate', 'source: Climate Projections']],
  [
    'agricultur',
    [
      'sector: Agricultural / Land',
      'variable: Annual freshwater withdrawals, agriculture',
      'variable: Methane (CH4) emissions from Agriculture',
    ],
  ],
  ['gdp', ['source: GDP', 'source: GDP Growth Rate', 'variable: GDP growth']],
];

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`search API on ${dialect}`, () => {
    let server: TestApp;
    const search = (params: string) => getJson(server, `${API.search}?${params}`, SearchResponseSchema);
    const top = async (q: string, count = 3) => (await search(`q=${encodeURIComponent(q)}&limit=${count}`)).results;

    beforeAll(async () => {
      server = await buildTestApp(dialect);
      await importData(server.db, { only: DATASETS });
    }, 60_000);
    afterAll(() => server.close());

    it('finds what real queries look for, best first', async () => {
      const found: [string, string[]][] = [];
      for (const [query] of QUERIES) found.push([query, (await top(query)).map((r) => `${r.kind}: ${r.title}`)]);
      expect(found).toEqual(QUERIES);
    });

    it('opens the timeseries page with the variable and the county ticked over its full date range', async () => {
      const [first] = await top('rainfal turkan', 1);
      const url = new URL(first.url, 'http://portal.test');
      expect(url.pathname).toBe('/sectors/climate/weather-observations/timeseries');
      const variables = await getJson(
        server,
        `${API.variables('climate', 'weather-observations')}`,
        z.array(VariableSchema),
      );
      const rainfall = variables.find((v) => v.name === 'Rainfall, 1-month rolling')!;
      expect(Object.fromEntries(url.searchParams)).toEqual({
        start: rainfall.first,
        end: rainfall.last,
        variable: rainfall.name,
        location: 'Turkana',
      });
    });

    it('opens a layer on its map page, a map feature centred, a county on its profile, another place with its kind', async () => {
      const [layer] = (await search('q=power%20stations&kind=layer')).results;
      expect(layer.url).toBe('/filters/raster/Power_Stations?show=Power+Stations');
      const [airport] = await top('jomo kenyatta', 1);
      const url = new URL(airport.url, 'http://portal.test');
      expect(url.pathname).toBe('/filters/raster/Airports');
      expect(url.searchParams.get('show')).toBe('Airports');
      expect(Number(url.searchParams.get('lat'))).toBeCloseTo(-1.32, 1);
      expect(Number(url.searchParams.get('lon'))).toBeCloseTo(36.93, 1);
      expect(url.searchParams.get('zoom')).toBe('12');
      const [nairobi] = await top('nairobi', 1);
      expect(nairobi).toMatchObject({ kind: 'place', subtitle: 'County' });
      expect(nairobi.url).toBe('/counties/nairobi');
      const [kenya] = (await search('q=kenya&kind=place')).results;
      expect(new URL(kenya.url, 'http://portal.test').searchParams.getAll('location')).toEqual(['Kenya']);
      const [sector] = await top('energy', 1);
      expect(sector.url).toBe('/sectors/energy');
    });

    it('opens a dataset on its own page', async () => {
      const [dataset] = (await search('q=world%20development%20indicators&kind=dataset')).results;
      expect(dataset).toMatchObject({
        kind: 'dataset',
        title: 'World Development Indicators: Kenya',
        url: '/datasets/wdi-kenya',
      });
    });

    it('groups results by kind and keeps to the kind asked for', async () => {
      const { results } = await search('q=kenya&limit=20');
      const kinds = results.map((r) => r.kind);
      expect(kinds.filter((kind, i) => kinds.indexOf(kind) === i)).toEqual([...new Set(kinds)]);
      expect(kinds.every((kind, i) => i === 0 || kind === kinds[i - 1] || !kinds.slice(0, i).includes(kind))).toBe(
        true,
      );
      const layers = (await search('q=kenya&kind=layer&limit=50')).results;
      expect(layers.length).toBeGreaterThan(1);
      expect(layers.every((r) => r.kind === 'layer')).toBe(true);
    });

    it('follows the data: a dataset imported later is found', async () => {
      expect((await search('q=precipitation&kind=variable')).results).toEqual([]);
      await importData(server.db, { only: ['cru-annual-precipitation'] });
      expect((await search('q=precipitation&kind=variable')).results.map((r) => r.title)).toContain('Precipitation');
    });

    it('keeps the number of results within its bounds', async () => {
      expect((await search('q=a&limit=1')).results).toHaveLength(1);
      expect((await search('q=kenya')).results).toHaveLength(20);
      expect((await search('q=e&limit=50')).results).toHaveLength(50);
    });

    it('refuses an empty or too long query, a bad kind and a limit out of bounds, saying why', async () => {
      for (const [params, text] of [
        ['', 'Type something to search for'],
        ['q=', 'Type something to search for'],
        ['q=%20%20', 'Type something to search for'],
        [`q=${'a'.repeat(101)}`, 'A search is at most 100 characters long'],
        ['q=kenya&kind=river', 'Search kind must be one of'],
        ['q=kenya&limit=0', 'from 1 to 50'],
        ['q=kenya&limit=51', 'from 1 to 50'],
        ['q=kenya&limit=many', 'from 1 to 50'],
      ]) {
        const response = await server.fetch(`${API.search}?${params}`);
        expect(response.status, params).toBe(400);
        const body = ApiErrorSchema.parse(await response.json());
        expect(body.error.code).toBe('VALIDATION_FAILED');
        expect(body.error.message, params).toContain(text);
      }
      expect((await server.fetch(`${API.search}?q=${'a'.repeat(100)}`)).status).toBe(200);
    });

    it('is described in the OpenAPI document with its parameters and its 400', async () => {
      const document = (await (await server.fetch(`${API.openapi}`)).json()) as {
        paths: Record<string, { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }>;
      };
      const operation = document.paths[API.search]?.get;
      expect(operation?.parameters?.map((p) => p.name)).toEqual(['q', 'kind', 'limit']);
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']));
    });
  });
}
