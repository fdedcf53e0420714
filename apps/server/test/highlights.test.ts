import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HighlightsResponseSchema } from '@portal/contract/highlights';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { getJson } from '@portal/testing/http';
import { median } from '../src/services/highlights.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

const DATASETS = ['wdi-kenya', 'wfp-chirps-county-rainfall', 'wfp-retail-prices'];

interface ManifestVariable {
  name: string;
  highlight?: { order: number; location?: string };
}
/** The figures the manifests mark, in their order: what the landing page must show. */
const marked = DATASETS.flatMap((id) => {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../data/sources', `${id}.json`), 'utf8'),
  ) as { variables: ManifestVariable[] };
  return manifest.variables.filter((v) => v.highlight).map((v) => ({ name: v.name, ...v.highlight! }));
}).sort((a, b) => a.order - b.order);

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });
});

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`landing page figures on ${dialect}`, () => {
    let server: TestApp;
    const figures = async () => (await getJson(server, `${API.highlights}`, HighlightsResponseSchema)).figures;

    /** A variable's values on one date, read here apart from the route's own queries. */
    const valuesOn = async (variable: string, date: string, location?: string) => {
      let query = server.db
        .selectFrom('observations as o')
        .innerJoin('variables as v', 'v.id', 'o.variable_id')
        .innerJoin('locations as l', 'l.id', 'o.location_id')
        .where('v.name', '=', variable)
        .where('o.ts', '=', date);
      query = location ? query.where('l.name', '=', location) : query.where('l.kind', '=', 'county');
      return (await query.select('o.value').execute()).map((r) => r.value);
    };

    beforeAll(async () => {
      server = await buildTestApp(dialect, { template: 'data' });
    }, 180_000);
    afterAll(() => server.close());

    it('gives the figures the manifests mark, in their order, each with its source and dataset', async () => {
      expect(marked.length).toBeGreaterThanOrEqual(4);
      const shown = await figures();
      expect(shown.map((f) => [f.variable, f.location])).toEqual(marked.map((m) => [m.name, m.location ?? null]));
      for (const figure of shown) {
        expect(DATASETS).toContain(figure.dataset.id);
        expect(figure.series.at(-1)).toEqual(figure.latest);
        expect(figure.series.map((p) => p.date)).toEqual([...figure.series.map((p) => p.date)].sort());
        expect(figure.url).toContain(`/sectors/${figure.source.sector}/${figure.source.slug}/timeseries?`);
        expect(new URLSearchParams(figure.url.split('?')[1]).get('variable')).toBe(figure.variable);
      }
    });

    it('shows the latest value at a location as stored, and the last date the data has', async () => {
      const electricity = (await figures()).find(
        (f) => f.location === 'Kenya' && f.variable === 'Access to electricity',
      )!;
      const { last_ts } = await server.db
        .selectFrom('variables')
        .select('last_ts')
        .where('name', '=', 'Access to electricity')
        .executeTakeFirstOrThrow();
      expect(electricity.latest.date).toBe(last_ts);
      expect(await valuesOn(electricity.variable, electricity.latest.date, 'Kenya')).toEqual([
        electricity.latest.value,
      ]);
      expect(electricity.counties).toBeNull();
      expect(electricity.series.length).toBe(30);
    });

    it('gives a figure easily taken for another the caveat its manifest names, and the others none', async () => {
      const shown = await figures();
      expect(shown.map((f) => f.variable)).toContain('Access to electricity');
      for (const figure of shown)
        expect(figure.caveat, figure.variable).toBe(
          figure.variable === 'Access to electricity' ? 'caveat.populationAccess' : null,
        );
    });

    it('gives for a figure without a location the median of the counties on each date, and how many counties the latest had', async () => {
      const rainfall = (await figures()).find((f) => f.variable === 'Rainfall, 1-month rolling, anomaly')!;
      expect(rainfall.location).toBeNull();
      expect(rainfall.series).toHaveLength(24);
      const latest = await valuesOn(rainfall.variable, rainfall.latest.date);
      expect(rainfall.counties).toBe(latest.length);
      expect(latest.length).toBeGreaterThan(40);
      const sorted = latest.sort((a, b) => a - b);
      const middle =
        sorted.length % 2
          ? sorted[(sorted.length - 1) / 2]
          : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
      expect(rainfall.latest.value).toBeCloseTo(middle, 9);
      const earliest = await valuesOn(rainfall.variable, rainfall.series[0].date);
      expect(rainfall.series[0].value).toBeCloseTo(median(earliest), 9);
    });

    it('lists the datasets whose values span the most years, longest first, with their first and last dates as stored', async () => {
      const { longestRecords } = await getJson(server, `${API.highlights}`, HighlightsResponseSchema);
      const years = (r: { first: string; last: string }) => Number(r.last.slice(0, 4)) - Number(r.first.slice(0, 4));
      const spans = longestRecords.map(years);
      expect(longestRecords).toHaveLength(5);
      expect(spans).toEqual([...spans].sort((a, b) => b - a));
      // No dataset left out spans more years than the shortest listed.
      const all = await server.db
        .selectFrom('observations as o')
        .innerJoin('variables as v', 'v.id', 'o.variable_id')
        .groupBy('v.dataset_id')
        .select((eb) => ['v.dataset_id as id', eb.fn.min('o.ts').as('first'), eb.fn.max('o.ts').as('last')])
        .execute();
      const listed = new Set(longestRecords.map((r) => r.id));
      for (const other of all.filter((d) => !listed.has(d.id)))
        expect(years(other), other.id).toBeLessThanOrEqual(Math.min(...spans));
      for (const record of longestRecords) {
        const stored = await server.db
          .selectFrom('observations as o')
          .innerJoin('variables as v', 'v.id', 'o.variable_id')
          .where('v.dataset_id', '=', record.id)
          .select((eb) => [eb.fn.min('o.ts').as('first'), eb.fn.max('o.ts').as('last')])
          .executeTakeFirstOrThrow();
        expect([record.first, record.last]).toEqual([stored.first, stored.last]);
      }
    });
  });
}
