import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChoroplethSchema, MappableVariableListSchema } from '@portal/contract/choropleth';
import { countySlug } from '@portal/contract/counties';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { getJson } from '@portal/testing/http';
import { classBreaks, classOf, quantile } from '../src/services/choropleth.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

const RAIN = { source: 'climate/weather-observations', variable: 'Rainfall, 1-month rolling, anomaly' };
const ACCESS = { source: 'energy/access', variable: 'Electricity access' };
/** Grown in 40 counties: the least a map takes. */
const SORGHUM = { source: 'agriculture/production', variable: 'Households growing sorghum' };
/** Grown in 39 counties: one too few. */
const MANGO = { source: 'agriculture/production', variable: 'Households growing mango' };

describe('class breaks', () => {
  it('takes quantiles between neighbouring values', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0)).toBe(1);
    expect(quantile([1, 2, 3, 4], 1)).toBe(4);
    expect(classBreaks([11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'quantile')).toEqual([1, 3, 5, 7, 9, 11]);
  });

  it('finds natural breaks between groups of values', () => {
    const groups = [1, 2, 3, 10, 11, 12, 20, 21, 22, 40, 41, 42, 80, 81, 82];
    expect(classBreaks(groups, 'natural')).toEqual([1, 10, 20, 40, 80, 82]);
    expect(
      classBreaks(groups, 'natural')
        .slice(0, -1)
        .map((bound) => classOf(bound, classBreaks(groups, 'natural'))),
    ).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps a bound shared by many equal values once, and puts the top value in the last class', () => {
    const mostlyZero = [0, 0, 0, 0, 0, 0, 0, 1, 2, 3];
    const breaks = classBreaks(mostlyZero, 'quantile');
    expect(breaks[0]).toBe(0);
    expect(new Set(breaks).size).toBe(breaks.length);
    expect(breaks.length).toBeLessThan(6);
    expect(classOf(0, breaks)).toBe(0);
    expect(classOf(3, breaks)).toBe(breaks.length - 2);
    expect(classBreaks([5, 5, 5], 'natural')).toEqual([5, 5]);
    expect(classOf(5, [5, 5])).toBe(0);
  });
});

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`county choropleth on ${dialect}`, () => {
    let server: TestApp;
    const url = (query: Record<string, string>) => `${API.choropleth}?${new URLSearchParams(query).toString()}`;
    const choropleth = (query: Record<string, string>) => getJson(server, url(query), ChoroplethSchema);
    const refusal = async (query: Record<string, string>) => {
      const response = await server.fetch(url(query));
      return {
        status: response.status,
        message: ((await response.json()) as { error: { message: string } }).error.message,
      };
    };

    /** Every value of a variable at a county or Kenya, read here apart from the route's own queries. */
    const valuesReadApart = (variable: string) =>
      server.db
        .selectFrom('observations as o')
        .innerJoin('variables as v', 'v.id', 'o.variable_id')
        .innerJoin('locations as l', 'l.id', 'o.location_id')
        .where('v.name', '=', variable)
        .where('l.kind', 'in', ['county', 'country'])
        .select(['l.name', 'l.kind', 'o.ts', 'o.value'])
        .execute();

    beforeAll(async () => {
      server = await buildTestApp(dialect, { template: 'data' });
    }, 240_000);
    afterAll(() => server.close());

    it('lists exactly the variables with values for 40 or more counties in a period, with their periods', async () => {
      const listed = await getJson(server, `${API.choroplethVariables}`, MappableVariableListSchema);
      const perPeriod = await server.db
        .selectFrom('observations as o')
        .innerJoin('variables as v', 'v.id', 'o.variable_id')
        .innerJoin('locations as l', 'l.id', 'o.location_id')
        .where('l.kind', '=', 'county')
        .groupBy(['v.name', 'o.ts'])
        .select(['v.name', 'o.ts', (eb) => eb.fn.countAll().as('n')])
        .execute();
      const mappable = new Set(perPeriod.filter((p) => Number(p.n) >= 40).map((p) => p.name));
      expect(new Set(listed.map((v) => v.name))).toEqual(mappable);
      expect(listed.map((v) => v.name)).toContain(SORGHUM.variable);
      expect(listed.map((v) => v.name)).not.toContain(MANGO.variable);
      const rain = listed.find((v) => v.name === RAIN.variable)!;
      const rainDates = perPeriod.filter((p) => p.name === RAIN.variable).map((p) => p.ts);
      expect(rain).toMatchObject({
        unit: '% of long-term average',
        period: 'month',
        first: rainDates.sort()[0],
        last: rainDates.at(-1),
      });
      expect(`${rain.source.sector}/${rain.source.slug}`).toBe(RAIN.source);
    });

    it('gives every county its value as stored, classed by breaks over every period that cover the values', async () => {
      const rows = (await valuesReadApart(RAIN.variable)).filter((r) => r.kind === 'county');
      const periods = [...new Set(rows.map((r) => r.ts))].sort();
      const period = periods[periods.length - 20];
      const map = await choropleth({ ...RAIN, period });
      expect(map.period).toBe(period);
      expect(map.periods).toEqual(periods);
      expect(map.counties).toHaveLength(47);
      expect(map.counties.map((c) => c.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
      expect(map.countiesWithValue).toBe(47);
      for (const county of map.counties) {
        expect(county.slug).toBe(countySlug(county.name));
        expect(county.value).toBe(rows.find((r) => r.name === county.name && r.ts === period)!.value);
      }
      const { breaks } = map.classes;
      expect(map.classes).toMatchObject({ method: 'quantile', scope: 'all-periods', valueCount: rows.length });
      expect(breaks).toHaveLength(6);
      for (let i = 1; i < breaks.length; i++) expect(breaks[i]).toBeGreaterThan(breaks[i - 1]);
      expect(breaks[0]).toBe(Math.min(...rows.map((r) => r.value)));
      expect(breaks.at(-1)).toBe(Math.max(...rows.map((r) => r.value)));
      for (const county of map.counties) {
        const c = county.class!;
        expect(county.value!).toBeGreaterThanOrEqual(breaks[c]);
        if (c < breaks.length - 2) expect(county.value!).toBeLessThan(breaks[c + 1]);
        else expect(county.value!).toBeLessThanOrEqual(breaks[c + 1]);
      }
      // About a fifth of all values in each class: quantiles.
      const shareInFirst = rows.filter((r) => r.value < breaks[1]).length / rows.length;
      expect(shareInFirst).toBeCloseTo(0.2, 2);
    });

    it('keeps the same breaks in every period, shows the latest by default, and ranks the highest first', async () => {
      const latest = await choropleth(RAIN);
      expect(latest.period).toBe(latest.periods.at(-1));
      const first = await choropleth({ ...RAIN, period: latest.periods[0] });
      expect(first.classes.breaks).toEqual(latest.classes.breaks);
      expect(first.counties.map((c) => c.value)).not.toEqual(latest.counties.map((c) => c.value));
      const values = latest.counties.map((c) => c.value!);
      for (const county of latest.counties)
        expect(county.rank).toBe(1 + values.filter((v) => v > county.value!).length);
      expect(latest.national).toBeNull();
      const turkana = latest.counties.find((c) => c.slug === 'turkana')!;
      const link = new URL(turkana.url, 'http://x');
      expect(link.pathname).toBe('/sectors/climate/weather-observations/timeseries');
      expect(Object.fromEntries(link.searchParams)).toEqual({
        start: latest.periods[0],
        end: latest.periods.at(-1),
        variable: RAIN.variable,
        location: 'Turkana',
      });
    });

    it('finds natural breaks (ckmeans) that differ from the quantiles and still cover the values', async () => {
      const natural = await choropleth({ ...RAIN, method: 'natural' });
      const quantiles = await choropleth(RAIN);
      expect(natural.classes.method).toBe('natural');
      expect(natural.classes.breaks).not.toEqual(quantiles.classes.breaks);
      expect(natural.classes.breaks[0]).toBe(quantiles.classes.breaks[0]);
      expect(natural.classes.breaks.at(-1)).toBe(quantiles.classes.breaks.at(-1));
      for (let i = 1; i < natural.classes.breaks.length; i++)
        expect(natural.classes.breaks[i]).toBeGreaterThan(natural.classes.breaks[i - 1]);
      for (const county of natural.counties) expect(county.class).toBe(classOf(county.value!, natural.classes.breaks));
    });

    it("gives Kenya's value where the data has one, and a county without a value no class", async () => {
      const access = await choropleth(ACCESS);
      const rows = await valuesReadApart(ACCESS.variable);
      expect(access.national).toBe(rows.find((r) => r.kind === 'country' && r.name === 'Kenya')!.value);
      expect(access.dataset).toMatchObject({
        id: 'census-2019-lighting',
        publisher: 'Kenya National Bureau of Statistics (KNBS)',
      });
      expect(access.variable).toMatchObject({
        name: ACCESS.variable,
        unit: '% of conventional households',
        period: 'year',
        // It is not the World Bank's access to electricity, and the map's legend says so.
        caveat: 'caveat.householdLighting',
      });
      expect((await choropleth(SORGHUM)).variable.caveat).toBeNull();

      const sorghum = await choropleth(SORGHUM);
      expect(sorghum.countiesWithValue).toBe(40);
      const without = sorghum.counties.filter((c) => c.value === null);
      expect(without).toHaveLength(7);
      for (const county of without) expect(county).toMatchObject({ class: null, rank: null });
    });

    it('refuses a variable with values for 39 counties, naming the rule', async () => {
      const refused = await refusal(MANGO);
      expect(refused.status).toBe(400);
      expect(refused.message).toContain('at least 40 counties in one period');
      expect(refused.message).toContain('at most 39');
    });

    it('answers 404 for an unknown source or variable and 400 for an unknown period or a bad method', async () => {
      expect(await refusal({ source: 'climate/no-such-source', variable: RAIN.variable })).toMatchObject({
        status: 404,
        message: expect.stringContaining('climate/no-such-source'),
      });
      expect(await refusal({ ...RAIN, variable: 'No such variable' })).toMatchObject({
        status: 404,
        message: expect.stringContaining("'No such variable'"),
      });
      const { periods } = await choropleth(RAIN);
      const unknown = await refusal({ ...RAIN, period: '1999-01-01' });
      expect(unknown.status).toBe(400);
      expect(unknown.message).toContain(`from ${periods[0]} to ${periods.at(-1)}`);
      expect((await refusal({ ...RAIN, period: 'March 2024' })).status).toBe(400);
      expect((await refusal({ ...RAIN, method: 'equal' })).message).toContain('quantile or natural');
      expect((await refusal({ variable: RAIN.variable })).status).toBe(400);
    });

    it('answers anew once a dataset is loaded again, though it keeps the values between loads', async () => {
      const before = await choropleth(RAIN);
      const ids = await server.db
        .selectFrom('observations as o')
        .innerJoin('variables as v', 'v.id', 'o.variable_id')
        .innerJoin('locations as l', 'l.id', 'o.location_id')
        .where('v.name', '=', RAIN.variable)
        .where('l.name', '=', 'Turkana')
        .where('o.ts', '=', before.period)
        .select(['o.variable_id', 'o.location_id', 'o.value', 'v.dataset_id'])
        .executeTakeFirstOrThrow();
      const setTurkana = (value: number) =>
        server.db
          .updateTable('observations')
          .set({ value })
          .where('variable_id', '=', ids.variable_id)
          .where('location_id', '=', ids.location_id)
          .where('ts', '=', before.period)
          .execute();
      // As a load does: the dataset becomes the one loaded last.
      const markLoaded = async () => {
        const { latest } = await server.db
          .selectFrom('datasets')
          .select((eb) => eb.fn.max('loaded_at').as('latest'))
          .executeTakeFirstOrThrow();
        await server.db
          .updateTable('datasets')
          .set({ loaded_at: Number(latest) + 1 })
          .where('id', '=', ids.dataset_id)
          .execute();
      };
      await setTurkana(9999);
      // Written behind the portal's back, without a load: the values kept stand.
      expect((await choropleth(RAIN)).counties.find((c) => c.slug === 'turkana')!.value).toBe(ids.value);
      await markLoaded();
      const after = await choropleth(RAIN);
      expect(after.counties.find((c) => c.slug === 'turkana')!.value).toBe(9999);
      expect(after.classes.breaks.at(-1)).toBe(9999);
      await setTurkana(ids.value);
      await markLoaded();
      expect(await choropleth(RAIN)).toEqual(before);
    });

    it('answers the example calls of its OpenAPI document', async () => {
      const doc = (await (await server.fetch(`${API.openapi}`)).json()) as {
        paths: Record<string, { get: { parameters?: { name: string; in: string; example?: string }[] } }>;
      };
      for (const path of [API.choropleth, API.choroplethVariables]) {
        const query = new URLSearchParams();
        for (const p of doc.paths[path].get.parameters ?? [])
          if (p.in === 'query' && p.example !== undefined) query.set(p.name, p.example);
        const response = await server.fetch(`${path}?${query.toString()}`);
        expect(response.status, path).toBe(200);
      }
    });
  });
}
