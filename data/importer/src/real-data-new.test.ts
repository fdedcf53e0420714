import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDialects } from '@portal/db/testing';
import type { ImportSummary } from './outcome.ts';
import { importShipped, seriesOf } from './testing-fixtures.ts';

/**
 * The datasets of the second data wave, imported from the shipped files into fresh databases. Each
 * expectation is a fact read in the file itself (data/raw), so a manifest that misreads a column, a
 * place or a date fails here.
 */
const DATASETS = [
  'aquastat-kenya-dams',
  'irena-electricity-capacity-generation',
  'eia-electricity-capacity-generation',
  'gem-coal-gas-units-2022',
  'wri-gppd-kenya-plants-under-development',
  'faostat-fertilizer-nutrient-budget',
  'faostat-forest-net-conversion-co2',
  'climatewatch-electricity-heat-ghg',
  'ipc-acute-food-insecurity-areas',
  'census-2019-permanent-crops',
  'census-2019-other-crops',
  'census-2019-human-waste',
  'census-2019-solid-waste',
  'census-2019-household-assets',
  'census-2019-population-by-age',
  'census-2019-activity-status-by-sex',
];

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`the second wave of real data on ${dialect}`, () => {
    let handle: TestDatabase;
    let summary: ImportSummary;

    beforeAll(async () => {
      ({ handle, summary } = await importShipped(dialect, DATASETS));
    }, 120_000);
    afterAll(() => handle?.cleanup());

    const series = (variable: string, location: string) => seriesOf(handle.db, variable, location);
    const place = (name: string) =>
      handle.db.selectFrom('locations').select(['kind', 'county_code']).where('name', '=', name).executeTakeFirst();
    const dataset = (id: string) =>
      handle.db.selectFrom('datasets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const outcome = (id: string) => summary.outcomes.find((o) => o.id === id)!;

    it('loads every dataset', () => {
      expect(summary.outcomes.map((o) => [o.id, o.status])).toEqual([...DATASETS].sort().map((id) => [id, 'loaded']));
    });

    it('dates each AQUASTAT dam by its year completed: Masinga, 70 m high, 1,560 million m³, completed 1980', async () => {
      expect(await series('Dam height (dated by year completed)', 'Masinga Dam')).toEqual(['1980-01-01=70']);
      expect(await series('Reservoir capacity (dated by year completed)', 'Masinga Dam')).toEqual(['1980-01-01=1560']);
      const sources = await handle.db
        .selectFrom('variable_sources')
        .innerJoin('variables', 'variables.id', 'variable_sources.variable_id')
        .select('variable_sources.source_id')
        .where('variables.name', '=', 'Reservoir area (dated by year completed)')
        .orderBy('variable_sources.source_id')
        .execute();
      expect(sources.map((s) => s.source_id)).toEqual(['water/dams', 'water/lakes']);
      expect(await place('Masinga Dam')).toEqual({ kind: 'place', county_code: null });
      expect(await place('Thika Dam')).toEqual({ kind: 'place', county_code: 21 });
    });

    it('keeps the two Turkwel records apart and never averages them', async () => {
      expect(await series('Dam height (dated by year completed)', 'Turkwel Dam')).toEqual(['1991-01-01=155']);
      expect(
        await series('Dam height (dated by year completed)', 'Turkwel Dam (AQUASTAT record without coordinates)'),
      ).toEqual(['1991-01-01=84']);
      expect(await series('Reservoir capacity (dated by year completed)', 'Turkwel Dam')).toEqual(['1991-01-01=1645']);
      expect(await series('Dam height (dated by year completed)', 'Gitaru Dam')).toEqual(['1978-01-01=30']);
    });

    it('reports Owen Falls, which lies in Uganda, and the dams without a year, with their reasons', async () => {
      const rejects = outcome('aquastat-kenya-dams').rejects;
      expect(rejects[0]).toEqual({
        line: 3,
        reason: expect.stringMatching(/^left out: Owen Falls .* lie at Jinja, Uganda$/),
      });
      expect(rejects.slice(1).map((r) => r.line)).toEqual([5, 6, 7, 25, 26, 27, 28, 29]);
      expect(rejects.slice(1).every((r) => r.reason.startsWith('left out: no year completed'))).toBe(true);
      expect((await dataset('aquastat-kenya-dams')).rows_rejected).toBe(9);
      expect(await place('Owen Falls Dam')).toBeUndefined();
    });

    it('gives IRENA and EIA capacity and generation by technology, with no value where they give none', async () => {
      expect(await series('Installed capacity: geothermal (IRENA)', 'Kenya')).toEqual(
        ['618.9', '652.9', '672.9', '683.8', '683.8', '863.1', '863.1', '949.1', '984.1'].map(
          (v, i) => `${2015 + i}-01-01=${v}`,
        ),
      );
      expect((await series('Electricity generation: solar photovoltaic (IRENA)', 'Kenya')).at(-1)).toBe(
        '2022-01-01=578.28',
      );
      expect(await series('Net electricity generation: geothermal (EIA)', 'Kenya')).toHaveLength(13);
      expect((await series('Net electricity generation: geothermal (EIA)', 'Kenya')).at(-1)).toBe('2022-01-01=5.5');
      // EIA's '(s)' (less than 0.05) is no value, never 0: solar capacity starts at 0.1 GW in 2018.
      expect((await series('Installed capacity: solar (EIA)', 'Kenya'))[0]).toBe('2018-01-01=0.1');
      expect((await series('Net electricity generation: petroleum (EIA)', 'Kenya')).at(-1)).toBe('2021-01-01=0.9');
      expect(outcome('eia-electricity-capacity-generation').rejects).toEqual([
        { line: 278, reason: expect.stringContaining("'se|1'") },
      ]);
    });

    it('stores GEM units as places with their status in the variable name, under GEM licence CC BY-NC-SA 4.0', async () => {
      expect((await dataset('gem-coal-gas-units-2022')).licence).toBe('CC BY-NC-SA 4.0');
      expect(await series('Capacity of coal units, status pre-permit (GEM 2022)', 'Lamu Power Project Unit 2')).toEqual(
        ['2022-01-01=350'],
      );
      expect(await series('Capacity of gas units, status proposed (GEM 2022)', 'Dongo Kundu power station')).toEqual([
        '2022-01-01=700',
      ]);
      expect(await series('Annual CO2 of coal units, status shelved (GEM 2022)', 'Kitui power station')).toEqual([
        '2022-01-01=3.7',
      ]);
      expect(await place('Lamu Power Project Unit 2')).toEqual({ kind: 'place', county_code: 5 });
    });

    it('dates the WRI plants under development by their planned commissioning year and reports Lamu, which has none', async () => {
      expect(
        await series(
          'Capacity of plants under development (WRI GPPD, dated by planned commissioning year)',
          'Olkaria V',
        ),
      ).toEqual(['2019-01-01=158']);
      expect((await dataset('wri-gppd-kenya-plants-under-development')).licence).toBe('CC BY 4.0');
      expect(outcome('wri-gppd-kenya-plants-under-development').rejects).toEqual([
        { line: 2, reason: expect.stringContaining('no commissioning year') },
      ]);
    });

    it('gives FAOSTAT fertilizer use, the cropland nitrogen balance and the period averages of forest conversion', async () => {
      const nitrogen = await series('Fertilizer use: nitrogen (N)', 'Kenya');
      expect([nitrogen.length, nitrogen[0], nitrogen.at(-1)]).toEqual([62, '1961-01-01=3000', '2022-01-01=96043.59']);
      expect((await series('Cropland nitrogen balance', 'Kenya')).at(-1)).toBe('2022-01-01=86438.9412');
      const forest = await series(
        'Net forest conversion, net CO2 emissions (FAOSTAT forest land, period averages)',
        'Kenya',
      );
      expect(forest.filter((o) => o.startsWith('2005') || o.startsWith('2012') || o.startsWith('2020'))).toEqual([
        '2005-01-01=14977.4103',
        '2012-01-01=8157.6953',
        '2020-01-01=0',
      ]);
      expect((await series('GHG emissions from electricity and heat (Climate Watch)', 'Kenya')).at(-1)).toBe(
        '2021-01-01=1.19',
      );
    });

    it('dates IPC analyses at the first month of their validity and maps every spelling of an area to one place', async () => {
      expect(await series('People in IPC Phase 3 or above, current', 'Turkana North')).toEqual(['2024-07-01=14395']);
      expect(await series('People in IPC Phase 3 or above, first projection', 'Turkana North')).toEqual([
        '2024-10-01=21591',
      ]);
      expect(await series('Share of people in IPC Phase 3 or above, current', 'Turkana North')).toEqual([
        '2024-07-01=0.2',
      ]);
      expect(await place('Turkana North')).toEqual({ kind: 'sub-location', county_code: 23 });
      expect(await series('Population analysed by the IPC, current', 'Kibra (Nairobi)')).toEqual(['2020-08-01=120057']);
      expect(await series('People in IPC Phase 3 (Crisis), current', 'Embu (Mbeere)')).toHaveLength(1);
      // 'Lamu' (2019, 2024) and 'Lamu county' (other rounds) are one county, once per analysis.
      const lamu = await series('Population analysed by the IPC, current', 'Lamu');
      expect([lamu.length, lamu[0], lamu.at(-1)]).toEqual([13, '2019-07-01=128144', '2025-07-01=167000']);
    });

    it('loads no IPC phase for the five areas of January 2023 whose phases are all 0, and says why in the notes', async () => {
      // Lines 2032-2101 of the file: a population analysed, then 0 people (and a share of 0) in every phase.
      const unclassified = ['Kiambu', 'Migori', 'Homa Bay', 'Elgeyo Marakwet', 'Machakos'];
      for (const area of unclassified) {
        for (const period of ['current', 'first projection']) {
          expect(await series(`Population analysed by the IPC, ${period}`, area), area).toContainEqual(
            expect.stringMatching(/^2023-0[23]-01=[1-9]\d+$/),
          );
          for (const phase of ['1 (None/Minimal)', '2 (Stressed)', '3 (Crisis)', '3 or above']) {
            for (const variable of [
              `People in IPC Phase ${phase}, ${period}`,
              `Share of people in IPC Phase ${phase}, ${period}`,
            ])
              expect(
                (await series(variable, area)).filter((o) => o.startsWith('2023-0')),
                `${variable}, ${area}`,
              ).toEqual([]);
          }
        }
      }
      expect(await series('People in IPC Phase 3 or above, current', 'Kiambu')).not.toContain('2023-02-01=0');
      // Each area's 'all' rows stay; its six phase rows in each period are reported as left out, with the reason.
      const rejects = outcome('ipc-acute-food-insecurity-areas').rejects;
      const wholes = [2032, 2039, 2046, 2053, 2060, 2067, 2074, 2081, 2088, 2095];
      const phases = Array.from({ length: 70 }, (_, i) => 2032 + i).filter((line) => !wholes.includes(line));
      expect(rejects.map((r) => r.line)).toEqual(phases);
      expect(rejects[0].reason).toBe(
        "left out: Phase 1, 2, 3, 4, 5 add up to 0, not the 141599 of 'all': the phases do not add up to the population analysed, so the area was not classified and its phase numbers and shares are not data",
      );
      // Every other analysis is whole: its phases add up, and it is loaded as published.
      expect(await series('People in IPC Phase 3 or above, current', 'Turkana North')).toEqual(['2024-07-01=14395']);
      expect((await dataset('ipc-acute-food-insecurity-areas')).notes).toContain(
        'Kiambu, Migori, Homa Bay, Elgeyo-Marakwet and Machakos',
      );
    });

    it('loads the census tables of crops, waste, assets, age groups and activity by sex', async () => {
      expect(await series('Households growing tea', 'Kenya')).toEqual(['2019-01-01=476613']);
      expect(await series('Households growing maize', 'Mombasa')).toEqual(['2019-01-01=5681']);
      expect(await series('Households growing tea', 'Mombasa')).toEqual([]);
      expect(await series('Human waste disposal: Main sewer', 'Kenya')).toEqual(['2019-01-01=9.7']);
      expect(await series('Solid waste disposal: Burnt in the open', 'Kenya')).toEqual(['2019-01-01=27.1']);
      expect(await series('Household assets: Functional TV', 'Kenya')).toEqual(['2019-01-01=40.7']);
      expect(await series('Population aged 0–4', 'Baringo')).toEqual(['2019-01-01=95031']);
      expect(await series('Male population aged 0–4', 'Baringo')).toEqual(['2019-01-01=48508']);
      expect(await series('Female population aged 100 and above', 'Baringo')).toEqual(['2019-01-01=126']);
      expect(await series('Working (in the labour force, aged 5 and above), male', 'Kenya')).toEqual([
        '2019-01-01=9789958',
      ]);
      // Tana River's county row, not the sub-county of the same name that follows it.
      expect(await series('Population aged 5 and above, female', 'Tana River')).toEqual(['2019-01-01=131207']);
      expect(outcome('census-2019-activity-status-by-sex').rejects).toEqual([]);
    });
  });
}
