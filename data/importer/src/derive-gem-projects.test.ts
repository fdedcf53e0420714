import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gemProjects } from './derive-gem-projects.ts';
import { RAW_DIR } from './paths.ts';

const UNITS = 'energy/ken_gem_coal_gas_units_2022.csv';
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A data/raw with the counties and a changed copy of the GEM units. */
function rawWith(change: (csv: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gem-'));
  made.push(dir);
  for (const file of ['boundaries/kenya_counties.geojson', UNITS]) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(RAW_DIR, file), join(dir, file));
  }
  writeFileSync(join(dir, UNITS), change(readFileSync(join(dir, UNITS), 'utf8')));
  return dir;
}

describe('GEM coal and gas projects as points', () => {
  const plants = gemProjects(RAW_DIR).features;
  const plant = (name: string) => plants.find((f) => f.properties?.plant === name)?.properties;

  it('makes one point per plant from the nine units, keeping each status', () => {
    expect(plants.map((f) => [f.properties?.plant, f.properties?.status])).toEqual([
      ['Kaloleni Cement Plant', 'cancelled'],
      ['Kitui power station', 'shelved'],
      ['Lamu Power Project', 'pre-permit'],
      ['Pokot power station', 'cancelled'],
      ['Vipingo power station', 'cancelled'],
      ['Dongo Kundu power station', 'proposed'],
    ]);
  });

  it("sums the units' capacity and CO2 and lists their ids and technologies", () => {
    expect(plant('Lamu Power Project')).toMatchObject({
      units: 3,
      capacity_mw: 1050,
      annual_co2_mt: 4.2,
      gem_ids: 'G106138; G106139; G106140',
    });
    expect(plant('Vipingo power station')).toMatchObject({
      units: 2,
      capacity_mw: 600,
      technology: 'supercritical; subcritical',
    });
    // The gas tracker gives no CO2 and writes 'not found' where it has no technology.
    expect(plant('Dongo Kundu power station')).toMatchObject({
      capacity_mw: 700,
      annual_co2_mt: null,
      technology: null,
    });
  });

  it('keeps the coordinates as published and flags the one that lies outside Kenya', () => {
    expect(plants.find((f) => f.properties?.plant === 'Lamu Power Project')?.geometry.coordinates).toEqual([
      40.855556, -2.291111,
    ]);
    expect(plants.filter((f) => f.properties?.qc_note).map((f) => f.properties?.plant)).toEqual([
      'Vipingo power station',
    ]);
    expect(plant('Vipingo power station')?.qc_note).toContain('(3.667, 39.75) lie outside');
  });

  it('refuses a row that is not a number where one is needed, naming its line', () => {
    const dir = rawWith((csv) => csv.replace(',960,shelved,', ',about 960,shelved,'));
    expect(() => gemProjects(dir)).toThrow(/ken_gem_coal_gas_units_2022\.csv:3:[\s\S]*capacity_mw/);
  });

  it('refuses to merge units of a plant that differ in status', () => {
    const dir = rawWith((csv) =>
      csv.replace('Lamu Power Project Unit 3,coal,350,pre-permit', 'Lamu Power Project Unit 3,coal,350,cancelled'),
    );
    expect(() => gemProjects(dir)).toThrow("the units of 'Lamu Power Project' differ in status");
  });
});
