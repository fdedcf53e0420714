import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countySlug,
  CountyListSchema,
  CountyMapShapesSchema,
  CountyOutlinesSchema,
  CountyProfileSchema,
} from '@portal/contract/counties';
import { COUNTY_MAP_WIDTH, countyShapes } from '@portal/contract/county-shapes';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { getJson } from '@portal/testing/http';
import { rankOf } from '../src/services/county-figures.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

const SOURCES_DIR = join(import.meta.dirname, '../../../data/sources');

/** The headlines every manifest marks, in their order: what each profile must list. */
const marked = readdirSync(SOURCES_DIR)
  .filter((f) => f.endsWith('.json') && f !== 'locations.json')
  .flatMap((file) => {
    const manifest = JSON.parse(readFileSync(join(SOURCES_DIR, file), 'utf8')) as {
      id: string;
      variables: { name: string; headline?: { topic: string; order: number } }[];
    };
    return manifest.variables
      .filter((v) => v.headline)
      .map((v) => ({ dataset: manifest.id, name: v.name, ...v.headline! }));
  })
  .sort((a, b) => a.order - b.order);

describe('county slugs and ranks', () => {
  it('writes slugs in lower case, without apostrophes, with hyphens between words', () => {
    expect(countySlug("Murang'a")).toBe('muranga');
    expect(countySlug('Elgeyo Marakwet')).toBe('elgeyo-marakwet');
    expect(countySlug('Elgeyo-Marakwet')).toBe('elgeyo-marakwet');
    expect(countySlug('Tharaka Nithi')).toBe('tharaka-nithi');
    expect(countySlug('Homa Bay')).toBe('homa-bay');
  });

  it('ranks the highest first and gives equal values the same place', () => {
    expect(rankOf(9, [1, 9, 5])).toEqual({ position: 1, of: 3 });
    expect(rankOf(1, [1, 9, 5])).toEqual({ position: 3, of: 3 });
    expect(rankOf(5, [5, 9, 5, 1])).toEqual({ position: 2, of: 4 });
  });
});

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`county profiles on ${dialect}`, () => {
    let server: TestApp;
    const profile = (slug: string) => getJson(server, `${API.county(slug)}`, CountyProfileSchema);

    /** Every county's value of a variable on one date, read here apart from the route's own queries. */
    const countyValuesOn = async (variable: string, date: string) =>
      server.db
        .selectFrom('observations as o')
        .innerJoin('variables as v', 'v.id', 'o.variable_id')
        .innerJoin('locations as l', 'l.id', 'o.location_id')
        .where('v.name', '=', variable)
        .where('o.ts', '=', date)
        .where('l.kind', '=', 'county')
        .select(['l.name', 'o.value'])
        .execute();

    beforeAll(async () => {
      server = await buildTestApp(dialect, { template: 'data' });
    }, 240_000);
    afterAll(() => server.close());

    it('lists the 47 counties with slugs, and the headlines the manifests mark in their order', async () => {
      expect(marked.length).toBeGreaterThanOrEqual(20);
      const list = await getJson(server, `${API.counties}`, CountyListSchema);
      expect(list.counties).toHaveLength(47);
      expect(list.counties.map((c) => c.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
      expect(list.counties.find((c) => c.code === 21)).toMatchObject({ slug: 'muranga', name: "Murang'a" });
      expect(list.counties.map((c) => c.slug)).toEqual(
        expect.arrayContaining(['elgeyo-marakwet', 'tharaka-nithi', 'homa-bay', 'turkana']),
      );
      expect(list.headlines.map((h) => [h.variable, h.topic])).toEqual(marked.map((m) => [m.name, m.topic]));
      for (const county of list.counties) expect(county.values).toHaveLength(list.headlines.length);
    });

    it("gives Turkana's electricity access as stored, ranked among the 47 against values read apart, with Kenya's value", async () => {
      const turkana = await profile('turkana');
      expect(turkana.county).toEqual({ slug: 'turkana', name: 'Turkana', code: 23 });
      const access = turkana.figures.find((f) => f.variable === 'Electricity access')!;
      expect(access).toMatchObject({ topic: 'energy', unit: '% of conventional households', period: 'year' });
      expect(access.dataset).toMatchObject({
        id: 'census-2019-lighting',
        publisher: 'Kenya National Bureau of Statistics (KNBS)',
      });
      const values = await countyValuesOn('Electricity access', '2019-01-01');
      expect(values).toHaveLength(47);
      const own = values.find((v) => v.name === 'Turkana')!.value;
      expect(access.latest).toEqual({ date: '2019-01-01', value: own });
      expect(access.rank).toEqual({ position: 1 + values.filter((v) => v.value > own).length, of: 47 });
      expect(access.national?.value).toBeGreaterThan(own);
      expect(access.url).toContain('/sectors/energy/access/timeseries?');
      expect(new URLSearchParams(access.url.split('?')[1]).get('location')).toBe('Turkana');
    });

    it('gives a monthly figure its latest month, recent values oldest first, and no national value where the data has none', async () => {
      const rainfall = (await profile('marsabit')).figures.find(
        (f) => f.variable === 'Rainfall, 1-month rolling, anomaly',
      )!;
      expect(rainfall.series).toHaveLength(24);
      expect(rainfall.series.at(-1)).toEqual(rainfall.latest);
      expect(rainfall.series.map((p) => p.date)).toEqual([...rainfall.series.map((p) => p.date)].sort());
      expect(rainfall.national).toBeNull();
      const { last_ts } = await server.db
        .selectFrom('variables')
        .select('last_ts')
        .where('name', '=', rainfall.variable)
        .executeTakeFirstOrThrow();
      expect(rainfall.latest?.date).toBe(last_ts);
      expect(rainfall.rank?.of).toBe((await countyValuesOn(rainfall.variable, last_ts!)).length);
    });

    it('says a county has no value where its data has none, with no rank', async () => {
      const list = await getJson(server, `${API.counties}`, CountyListSchema);
      const prices = list.headlines.findIndex((h) => h.topic === 'prices');
      const without = list.counties.find((c) => c.values[prices] === null)!;
      const figure = (await profile(without.slug)).figures.find((f) => f.variable === list.headlines[prices].variable)!;
      expect(figure).toMatchObject({ latest: null, rank: null, national: null, series: [] });
    });

    it('answers 404 for an unknown county and 400 for a malformed slug', async () => {
      const unknown = await server.fetch(`${API.county('atlantis')}`);
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain("'atlantis'");
      expect((await server.fetch(`${API.county('Turkana')}`)).status).toBe(400);
    });

    it('draws the 47 outlines simplified, named and slugged as the data names them', async () => {
      const response = await server.fetch(`${API.countyOutlines}`);
      expect(response.headers.get('content-type')).toContain('application/geo+json');
      const body = await response.text();
      // Simplified: a fraction of the 391 kB boundary file, small enough for a slow phone.
      expect(body.length).toBeLessThan(80_000);
      const outlines = CountyOutlinesSchema.parse(JSON.parse(body));
      expect(outlines.features).toHaveLength(47);
      expect(outlines.features.find((f) => f.properties.code === 21)?.properties).toEqual({
        slug: 'muranga',
        name: "Murang'a",
        code: 21,
      });
    });

    it("gives the same outlines as SVG paths inside the map's drawing space", async () => {
      const response = await server.fetch(`${API.countyMapShapes}`);
      expect(response.status).toBe(200);
      const drawn = CountyMapShapesSchema.parse(await response.json());
      const outlines = CountyOutlinesSchema.parse(await (await server.fetch(`${API.countyOutlines}`)).json());
      expect(drawn).toEqual(countyShapes(outlines));
      expect(drawn.shapes.map((shape) => shape.slug)).toEqual(outlines.features.map((f) => f.properties.slug));
      // Kenya is taller than wide: every point lies within 600 units across and the height given.
      expect(drawn.height).toBeGreaterThan(COUNTY_MAP_WIDTH);
      for (const shape of drawn.shapes) {
        expect(shape.path).toMatch(/^M[\d.,LMZ]+Z$/);
        const points = shape.path.match(/[\d.]+,[\d.]+/g)!.map((point) => point.split(',').map(Number));
        expect(points.every(([x, y]) => x >= 0 && x <= COUNTY_MAP_WIDTH && y >= 0 && y <= drawn.height)).toBe(true);
      }
    });
  });
}
