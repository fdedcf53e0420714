import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChoroplethSchema } from '@portal/contract/choropleth';
import { CountyListSchema, CountyProfileSchema } from '@portal/contract/counties';
import { ApiErrorSchema } from '@portal/contract/errors';
import { IMAGE_SIZES, ImageDataSchema } from '@portal/contract/images';
import { translator } from '@portal/contract/messages';
import { API } from '@portal/contract/paths';
import { ObservationsPageSchema } from '@portal/contract/timeseries';
import { testDialects } from '@portal/db/testing';
import { PALETTE, pngHeader } from '@portal/testing/png';
import { getJson } from '@portal/testing/http';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from './test-server.ts';

const en = translator('en');
const sw = translator('sw');

const RAINFALL = {
  source: 'climate/weather-observations',
  variable: 'Rainfall, 1-month rolling',
  location: ['Turkana', 'Nakuru'],
  start: '2022-01-01',
  end: '2023-12-31',
};
const MAP = {
  source: 'climate/weather-observations',
  variable: 'Rainfall, 1-month rolling, anomaly',
  period: '2024-03-01',
};

const query = (params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const one of [value].flat()) search.append(name, one);
  return search.toString();
};

/** Every image address of the four views, by format. */
const ADDRESSES = (format: string) => [
  `${API.timeseriesImage(format)}?${query(RAINFALL)}`,
  `${API.choroplethImage(format)}?${query(MAP)}`,
  API.countyImage('turkana', format),
  `${API.compareImage(format)}?c=kwale&c=lamu`,
];

const svgParts = (svg: string) => ({
  title: /<title[^>]*>([^<]*)<\/title>/.exec(svg)?.[1] ?? '',
  desc: /<desc[^>]*>([^<]*)<\/desc>/.exec(svg)?.[1] ?? '',
});

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`images of the views on ${dialect}`, () => {
    let server: TestApp;
    const refusal = async (path: string) => {
      const response = await server.fetch(path);
      const body = ApiErrorSchema.parse(await response.json());
      return { status: response.status, message: body.error.message };
    };
    const data = (path: string) => getJson(server, path, ImageDataSchema);

    beforeAll(async () => {
      server = await buildTestApp(dialect, { template: 'data', queryMaxCells: 200 });
    }, 240_000);
    afterAll(() => server.close());

    it('draws each view as a 1200x630 palette PNG that other sites may show, cached as public data', async () => {
      for (const path of ADDRESSES('png')) {
        const response = await server.fetch(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/png');
        expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
        expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
        expect(response.headers.get('vary')).toBe('Cookie, Accept-Language');
        expect(pngHeader(Buffer.from(await response.arrayBuffer()))).toEqual({
          ...IMAGE_SIZES.card,
          colourType: PALETTE,
        });
      }
    }, 60_000);

    it('keeps the default resource policy everywhere else', async () => {
      const response = await server.fetch(`${API.choropleth}?${query(MAP)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    });

    it('names title, period, unit, source, licence, the portal and the page in the SVG’s title and description', async () => {
      for (const path of ADDRESSES('svg')) {
        const response = await server.fetch(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
        const { title, desc } = svgParts(await response.text());
        const json = await data(path.replace('.svg', '.json'));
        expect(title).toBe(json.title.replace(/&/g, '&amp;'));
        expect(desc).toContain(json.period);
        for (const dataset of json.datasets) expect(desc).toContain(dataset.publisher.replace(/&/g, '&amp;'));
        expect(desc).toContain(json.page.replace(/&/g, '&amp;'));
        expect(desc).toContain('Kenya CLEW Data Observatory');
      }
      const map = svgParts(await (await server.fetch(ADDRESSES('svg')[1])).text());
      expect(map.title).toBe(MAP.variable);
      expect(map.desc).toContain('March 2024');
      expect(map.desc).toContain('% of long-term average');
      expect(map.desc).toContain(en('image.licence', { licences: '' }).trim());
    }, 60_000);

    it('writes its words in Swahili with lang=sw', async () => {
      const county = svgParts(await (await server.fetch(`${API.countyImage('turkana', 'svg')}?lang=sw`)).text());
      expect(county.title).toBe(sw('image.county.title', { county: 'Turkana' }));
      const map = svgParts(await (await server.fetch(`${API.choroplethImage('svg')}?${query(MAP)}&lang=sw`)).text());
      expect(map.desc).toContain('Machi 2024');
      expect(map.desc).toContain(sw('image.source', { sources: '' }).trim());
      const english = svgParts(await (await server.fetch(API.countyImage('turkana', 'svg'))).text());
      expect(english.title).toBe(en('image.county.title', { county: 'Turkana' }));
    });

    it('links each image to its view’s page, absolute', async () => {
      const [timeseries, map, county, compare] = await Promise.all(ADDRESSES('json').map(data));
      expect(timeseries.page).toBe(
        `${TEST_PUBLIC_URL}/sectors/climate/weather-observations/timeseries?${query({
          start: RAINFALL.start,
          end: RAINFALL.end,
          variable: RAINFALL.variable,
          location: RAINFALL.location,
        })}`,
      );
      expect(map.page).toBe(`${TEST_PUBLIC_URL}/maps/counties?${query(MAP)}`);
      expect(county.page).toBe(`${TEST_PUBLIC_URL}/counties/turkana`);
      expect(compare.page).toBe(`${TEST_PUBLIC_URL}/counties/compare?c=kwale&c=lamu`);
    });

    it('gives the timeseries chart’s values as the open API gives them, as CSV and JSON with citations', async () => {
      const json = await data(ADDRESSES('json')[0]);
      const api = await getJson(
        server,
        `${API.observations('climate', 'weather-observations')}?${query({ ...RAINFALL, source: [], pageSize: '1000' })}`,
        ObservationsPageSchema,
      );
      const key = (row: (string | number | null)[]) => row.join('|');
      expect(json.columns).toEqual(['timestamp', 'variable', 'location', 'value', 'unit']);
      expect(json.rows.map(key).sort()).toEqual(
        api.data.map((o) => key([o.timestamp, o.variable, o.location, o.value, o.unit])).sort(),
      );
      expect(json.units).toEqual(['mm']);
      expect(json.datasets.map((d) => d.id)).toEqual(api.datasets.map((d) => d.id));
      expect(json.datasets[0].reference).toContain('Kenya CLEW Data Observatory');
      const csv = await (await server.fetch(ADDRESSES('csv')[0])).text();
      const lines = csv.trim().split('\n');
      expect(lines[0]).toBe('timestamp,variable,location,value,unit');
      expect(lines).toHaveLength(api.total + 1);
      expect(lines[1]).toMatch(/^2022-01,"Rainfall, 1-month rolling",(Nakuru|Turkana),[\d.]+,mm$/);
    });

    it('draws one date across many places as bars, highest first, as many as fit, and counts the rest', async () => {
      const list = CountyListSchema.parse(await (await server.fetch(API.counties)).json());
      const access = {
        source: 'energy/access',
        variable: 'Electricity access',
        location: list.counties.map((c) => c.name),
        start: '2019-01-01',
        end: '2019-12-31',
      };
      const json = await data(`${API.timeseriesImage('json')}?${query(access)}`);
      const values = json.rows.map((row) => row[3] as number);
      expect(values.length).toBeGreaterThan(10);
      expect(values.length).toBeLessThan(47);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      const svg = await (await server.fetch(`${API.timeseriesImage('svg')}?${query(access)}`)).text();
      expect(svgParts(svg).desc).toContain(en('image.moreSeries', { count: 47 - values.length }));
    });

    it('gives the county map’s values and classes as /api/v1/choropleth gives them', async () => {
      const json = await data(ADDRESSES('json')[1]);
      const map = await getJson(server, `${API.choropleth}?${query(MAP)}`, ChoroplethSchema);
      expect(json.rows).toEqual(
        map.counties.map((c) => [
          c.name,
          c.code,
          c.value,
          map.variable.unit,
          map.period,
          c.class === null ? null : c.class + 1,
        ]),
      );
      expect(json.datasets.map((d) => d.id)).toEqual([map.dataset.id]);
      const csv = await (await server.fetch(ADDRESSES('csv')[1])).text();
      expect(csv.trim().split('\n')).toHaveLength(48);
    });

    it('gives a county’s and the compared counties’ figures as the county profiles give them', async () => {
      const turkana = await getJson(server, API.county('turkana'), CountyProfileSchema);
      const county = await data(ADDRESSES('json')[2]);
      expect(county.rows.map((row) => row.slice(0, 5))).toEqual(
        turkana.figures.map((f) => [
          f.variable,
          f.latest?.value ?? null,
          f.unit,
          f.latest?.date ?? null,
          f.rank?.position ?? null,
        ]),
      );
      const compare = await data(ADDRESSES('json')[3]);
      const kwale = await getJson(server, API.county('kwale'), CountyProfileSchema);
      expect(compare.rows.filter((row) => row[0] === 'Kwale').map((row) => row[2])).toEqual(
        kwale.figures.map((f) => f.latest?.value ?? null),
      );
      expect(new Set(compare.rows.map((row) => row[0]))).toEqual(new Set(['Kwale', 'Lamu']));
    });

    it('refuses a selection the preview refuses, in the preview’s words', async () => {
      const timeseries = (params: Record<string, string | string[]>) =>
        refusal(`${API.timeseriesImage('png')}?${query(params)}`);
      const { variable: _variable, ...noVariable } = RAINFALL;
      expect(await timeseries(noVariable)).toMatchObject({
        status: 400,
        message: expect.stringContaining(en('timeseries.noVariable')),
      });
      expect(await timeseries({ ...RAINFALL, start: '2024-01-01', end: '2023-01-01' })).toMatchObject({
        status: 400,
        message: expect.stringContaining(en('timeseries.order')),
      });
      expect(await timeseries({ ...RAINFALL, end: '2999-01-01' })).toMatchObject({
        status: 400,
        message: en('timeseries.future'),
      });
      const tooLarge = await timeseries({
        ...RAINFALL,
        start: '2000-01-01',
        location: ['Turkana', 'Nakuru', 'Kisumu', 'Lamu', 'Kwale', 'Kitui', 'Meru', 'Embu'],
      });
      expect(tooLarge.status).toBe(400);
      expect(tooLarge.message).toMatch(
        /^This query asks for up to [\d,]+ values .* more than the 200 one query may ask for/,
      );
      expect(await timeseries({ ...RAINFALL, location: 'Atlantis' })).toMatchObject({
        status: 400,
        message: en('timeseries.noData'),
      });
      const swahili = await refusal(
        `${API.timeseriesImage('svg')}?${query({ ...RAINFALL, end: '2999-01-01' })}&lang=sw`,
      );
      expect(swahili.message).toBe(sw('timeseries.future'));
      expect((await refusal(`${API.compareImage('png')}?${query({ c: ['a', 'b', 'c', 'd', 'e'] })}`)).status).toBe(400);
      expect((await refusal(`${API.choroplethImage('png')}?${query({ ...MAP, period: '1900-01-01' })}`)).status).toBe(
        400,
      );
      expect((await refusal(`${API.timeseriesImage('gif')}?${query(RAINFALL)}`)).status).toBe(400);
    });

    it('answers 404 for an unknown source, variable or county', async () => {
      const unknownSource = await refusal(
        `${API.timeseriesImage('png')}?${query({ ...RAINFALL, source: 'climate/nowhere' })}`,
      );
      expect(unknownSource).toEqual({
        status: 404,
        message: en('error.sourceNotFound', { source: 'climate/nowhere' }),
      });
      expect((await refusal(`${API.choroplethImage('png')}?${query({ ...MAP, variable: 'Snowfall' })}`)).status).toBe(
        404,
      );
      expect(await refusal(API.countyImage('atlantis', 'png'))).toEqual({
        status: 404,
        message: en('error.countyNotFound', { slug: 'atlantis' }),
      });
      expect((await refusal(`${API.compareImage('png')}?c=kwale&c=atlantis`)).status).toBe(404);
    });

    it('lists the image addresses in the OpenAPI document', async () => {
      const document = (await (await server.fetch(API.openapi)).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([
          '/api/v1/images/timeseries.{format}',
          '/api/v1/images/choropleth.{format}',
          '/api/v1/images/county/{slug}.{format}',
          '/api/v1/images/compare.{format}',
        ]),
      );
    });
  });
}
