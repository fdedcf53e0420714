import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@portal/db/database';
import { type TestDatabase, testDialects } from '@portal/db/testing';
import type { ImportSummary } from './outcome.ts';
import { importShipped, seriesOf } from './testing-fixtures.ts';

/** The energy model datasets of data/sources, checked against values read in their files under data/raw/energy_models. */
const MODELS = ['osemosys-kenya-psm-v2', 'osemosys-kenya-wesm-demand', 'geosemosys-kenya-costs-demand'];

/** The stored value of a variable at a location in a year, or undefined when there is none. */
async function valueOf(
  db: Kysely<Database>,
  variable: string,
  location: string,
  year: number,
): Promise<number | undefined> {
  const entry = (await seriesOf(db, variable, location)).find((e) => e.startsWith(`${year}-01-01=`));
  return entry === undefined ? undefined : Number(entry.split('=')[1]);
}

async function variable(db: Kysely<Database>, name: string) {
  return db.selectFrom('variables').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
}

async function observationCount(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .selectFrom('observations')
    .innerJoin('variables', 'variables.id', 'observations.variable_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('variables.name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`the energy model datasets on ${dialect}`, () => {
    let handle: TestDatabase;
    let summary: ImportSummary;
    const value = (name: string, location: string, year: number) => valueOf(handle.db, name, location, year);

    beforeAll(async () => {
      ({ handle, summary } = await importShipped(dialect, MODELS));
    }, 120_000);
    afterAll(async () => {
      await handle?.cleanup();
    });

    it('load whole, without a rejected row', () => {
      expect(summary.outcomes.map((o) => [o.id, o.status, o.rejects.length, o.observations])).toEqual([
        ['geosemosys-kenya-costs-demand', 'loaded', 0, 450],
        // 36,512 base scenario values, each scenario whole: 4 × 36,512.
        ['osemosys-kenya-psm-v2', 'loaded', 0, 146_048],
        ['osemosys-kenya-wesm-demand', 'loaded', 0, 4_403],
      ]);
    });

    it('name model technologies readably, with the code as in the model', async () => {
      const places = await handle.db
        .selectFrom('locations')
        .select(['name', 'kind'])
        .where('kind', '=', 'model-entity')
        .execute();
      expect(places).toEqual(
        expect.arrayContaining([
          { name: 'Geothermal power plant 10 (PWRGEO010)', kind: 'model-entity' },
          { name: 'Geothermal model supply region 1 (PWRGEO101)', kind: 'model-entity' },
          { name: 'Residential electricity demand (RESELC)', kind: 'model-entity' },
          { name: 'Demand: transport, passenger car (DEMTRC)', kind: 'model-entity' },
        ]),
      );
      expect(places).toHaveLength(289);
      expect(
        await value('PSM v2 capital cost per GW, base scenario', 'Geothermal power plant 10 (PWRGEO010)', 2019),
      ).toBe(3439);
    });

    it('keep the base scenario (scenario 1 of the files) as published', async () => {
      expect(
        await value('PSM v2 capital cost per GW, base scenario', 'Solar PV model supply region 1 (PWRSOL101)', 2030),
      ).toBe(871.7);
      expect(
        await value('PSM v2 specified annual demand, base scenario', 'Residential electricity demand (RESELC)', 2050),
      ).toBe(66.2618);
      expect(await value('PSM v2 reserve margin, base scenario', 'Kenya', 2040)).toBe(1.09);
    });

    it("give the higher solar and wind costs scenario its own capital costs and the base scenario's values where it changes nothing", async () => {
      expect(
        await value(
          'PSM v2 capital cost per GW, higher solar and wind costs scenario',
          'Solar PV model supply region 1 (PWRSOL101)',
          2030,
        ),
      ).toBe(1025.5);
      // It changes no capital cost in 2019 and no fixed cost or demand at all: those are filled from the base scenario.
      expect(
        await value(
          'PSM v2 capital cost per GW, higher solar and wind costs scenario',
          'Solar PV model supply region 1 (PWRSOL101)',
          2019,
        ),
      ).toBe(1287.2);
      expect(
        await value(
          'PSM v2 fixed cost per GW, higher solar and wind costs scenario',
          'Solar PV model supply region 1 (PWRSOL101)',
          2030,
        ),
      ).toBe(19.68);
      expect(
        await value(
          'PSM v2 specified annual demand, higher solar and wind costs scenario',
          'Residential electricity demand (RESELC)',
          2050,
        ),
      ).toBe(66.2618);
      // The two higher demand scenarios carry the higher demand; the last also the higher capital costs.
      expect(
        await value(
          'PSM v2 specified annual demand, higher demand and capacity limits scenario',
          'Residential electricity demand (RESELC)',
          2050,
        ),
      ).toBe(136.7606);
      expect(
        await value(
          'PSM v2 specified annual demand, higher demand, limits and costs scenario',
          'Residential electricity demand (RESELC)',
          2050,
        ),
      ).toBe(136.7606);
      expect(
        await value(
          'PSM v2 capital cost per GW, higher demand, limits and costs scenario',
          'Solar PV model supply region 1 (PWRSOL101)',
          2030,
        ),
      ).toBe(1025.5);
      expect(await observationCount(handle.db, 'PSM v2 fixed cost per GW, higher solar and wind costs scenario')).toBe(
        await observationCount(handle.db, 'PSM v2 fixed cost per GW, base scenario'),
      );

      const filled = await variable(handle.db, 'PSM v2 capital cost per GW, higher solar and wind costs scenario');
      expect(filled.code).toBe('CapitalCost (psm/v2_0_0/data_v2_0_0_sc3.txt)');
      expect(filled.derivation).toContain(
        "otherwise the base scenario's (filled from 'PSM v2 capital cost per GW, base scenario')",
      );
      expect((await variable(handle.db, 'PSM v2 capital cost per GW, base scenario')).derivation).toBeNull();
    });

    it('name the four scenarios by what each changes against the base, each definition saying what that is', async () => {
      const scenarios = [
        'base scenario',
        'higher demand and capacity limits scenario',
        'higher solar and wind costs scenario',
        'higher demand, limits and costs scenario',
      ];
      const variables = await handle.db
        .selectFrom('variables')
        .select(['name', 'definition'])
        .where('dataset_id', '=', 'osemosys-kenya-psm-v2')
        .execute();
      for (const scenario of scenarios) {
        const named = variables.filter((v) => v.name.endsWith(`, ${scenario}`));
        expect(named, scenario).toHaveLength(17);
        for (const v of named) expect(v.definition).toContain(`v2.0.0, the ${scenario} (scenario `);
      }
      expect(variables).toHaveLength(4 * 17);
    });

    it('keep the two units of a capital cost apart, as two variables', async () => {
      expect((await variable(handle.db, 'PSM v2 capital cost per GW, base scenario')).unit).toBe('MUSD/GW');
      expect((await variable(handle.db, 'PSM v2 capital cost per PJ/yr, base scenario')).unit).toBe('MUSD/PJ/yr');
      expect(await value('PSM v2 capital cost per PJ/yr, base scenario', 'Natural gas imports (IMPNGS)', 2030)).toBe(
        29.35,
      );
      expect(
        await value('PSM v2 capital cost per GW, base scenario', 'Natural gas imports (IMPNGS)', 2030),
      ).toBeUndefined();
      expect(await observationCount(handle.db, 'PSM v2 capital cost per PJ/yr, base scenario')).toBe(32);
    });

    it("keep the transmission grid's second mode of operation apart", async () => {
      expect(await value('PSM v2 input activity ratio, base scenario', 'Transmission grid (PWRTRN)', 2030)).toBe(1);
      expect(
        await value('PSM v2 input activity ratio, mode 2, base scenario', 'Transmission grid (PWRTRN)', 2030),
      ).toBe(1);
      expect(await observationCount(handle.db, 'PSM v2 input activity ratio, mode 2, base scenario')).toBe(32);
      expect(
        await value('PSM v2 input activity ratio, base scenario', 'Geothermal power plant 10 (PWRGEO010)', 2030),
      ).toBe(2.97);
    });

    it("list the whole-energy-system demand under models and consumption / demand, with the file's units and their doubts defined", async () => {
      expect(
        await value(
          'WESM accumulated annual demand, road transport',
          'Demand: transport, passenger car (DEMTRC)',
          2019,
        ),
      ).toBe(17.6);
      const demand = await variable(handle.db, 'WESM accumulated annual demand, aviation and shipping');
      expect(demand.unit).toBe('bvkm');
      expect(demand.definition).toContain('may instead be in PJ');
      const sources = await handle.db
        .selectFrom('variable_sources')
        .select('source_id')
        .where('variable_id', '=', demand.id)
        .orderBy('source_id')
        .execute();
      expect(sources.map((s) => s.source_id)).toEqual(['energy/consumption-demand', 'energy/models']);
      expect(await value('WESM accumulated annual demand', 'Demand: agriculture (DEMAGR)', 2019)).toBe(2.04);
      expect(
        await value(
          'WESM technology activity lower limit, road vehicles',
          'Transport, passenger car, gasoline, base efficiency (TRCGSL001)',
          2019,
        ),
      ).toBe(16.7);
      expect(await value('WESM CO2 emission activity ratio', 'Coal power plant 1 (PWRCOA001)', 2019)).toBe(0.245);
    });

    it('give the off-grid cost paths of each scenario', async () => {
      expect(await value('GEOSeMOSYS capital cost of wind, ref scenario', 'Kenya', 2030)).toBe(910.2360262);
      expect(await value('GEOSeMOSYS capital cost of wind, vision scenario', 'Kenya', 2030)).toBe(670.7002298);
      expect(
        await value('GEOSeMOSYS electricity demand, unelectrified population, vision scenario', 'Kenya', 2040),
      ).toBe(43926413);
      expect((await variable(handle.db, 'GEOSeMOSYS battery capital cost per kWh (res_kWh), ref scenario')).unit).toBe(
        'USD/kWh',
      );
    });
  });
}
