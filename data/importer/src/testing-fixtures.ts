import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@portal/db/database';
import { openTemplateCopy, type TestDatabase } from '@portal/db/testing';
import { importData } from './import-data.ts';
import type { ImportSummary } from './outcome.ts';

/** A throwaway data folder for tests: sources/ (manifests, locations.json) and raw/ (data files). */
export interface Fixture {
  root: string;
  sourcesDir: string;
  rawDir: string;
  /** Writes a manifest as sources/<id>.json. */
  manifest(manifest: Record<string, unknown>): void;
  /** Writes a data file under raw/. */
  file(path: string, text: string): void;
  remove(): void;
}

/** Kenya, two counties and a former province: enough for the tests' files. */
export const FIXTURE_LOCATIONS = {
  locations: [
    { name: 'Kenya', kind: 'country', aliases: ['KEN'] },
    { name: 'Nairobi', kind: 'county', countyCode: 47, aliases: ['Nairobi City'] },
    { name: 'Taita Taveta', kind: 'county', countyCode: 6 },
    { name: 'Coast', kind: 'province' },
  ],
};

export function makeFixture(): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'import-'));
  const sourcesDir = join(root, 'sources');
  const rawDir = join(root, 'raw');
  mkdirSync(sourcesDir);
  mkdirSync(rawDir);
  writeFileSync(join(sourcesDir, 'locations.json'), JSON.stringify(FIXTURE_LOCATIONS));
  return {
    root,
    sourcesDir,
    rawDir,
    manifest: (manifest) =>
      writeFileSync(join(sourcesDir, `${String(manifest.id)}.json`), JSON.stringify(manifest, null, 2)),
    file: (path, text) => {
      mkdirSync(dirname(join(rawDir, path)), { recursive: true });
      writeFileSync(join(rawDir, path), text);
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The provenance every manifest needs, with an id and a file. */
export function provenance(id: string, file: string): Record<string, unknown> {
  return {
    id,
    title: `Test dataset ${id}`,
    file,
    publisher: 'Test Bureau',
    licence: 'CC BY 4.0',
    licenceId: 'CC-BY-4.0',
    citation: `Test Bureau (2019). ${id}.`,
    sourceUrl: 'https://example.org/data',
    retrieved: '2026-11-22',
  };
}

/**
 * A small census-like wide table: a national row, two county rows in the census's spellings, a
 * sub-county row to filter out, an unknown county and a blank value.
 */
export const CENSUS_CSV = [
  '"County","SubCounty","AdminArea","MainsElectricity","Solar"',
  '"xxx","KENYA","xxx",50.4,19.3',
  '"xxx","RURAL","xxx",26.3,29.9',
  '"NAIROBI CITY","NAIROBI CITY","County",96.5,0.4',
  '"NAIROBI CITY","WESTLANDS","SubCounty",97.1,0.2',
  '"TAITA/TAVETA","TAITA/TAVETA   ","County",47.6,NA',
  '"ATLANTIS","ATLANTIS","County",12,1',
].join('\n');

/** The manifest of CENSUS_CSV: two variables of energy sources, dated 2019. */
export function censusManifest(id = 'census-lighting', file = 'census/lighting.csv'): Record<string, unknown> {
  return {
    ...provenance(id, file),
    where: [{ AdminArea: 'County' }, { SubCounty: 'KENYA' }],
    location: { column: 'SubCounty' },
    time: { value: '2019', format: 'YYYY', period: 'year' },
    variables: [
      {
        column: 'MainsElectricity',
        name: 'Electricity access',
        unit: '% of conventional households',
        sources: ['energy/access'],
      },
      {
        column: 'Solar',
        name: 'Main lighting fuel: Solar',
        unit: '% of conventional households',
        sources: ['energy/sources'],
      },
    ],
  };
}

/** A long, monthly file with a market per row, for averages and maxima per county and month. */
export const PRICES_CSV = [
  'date,admin2,market,commodity,unit,pricetype,price',
  '#date,#adm2,#market,#item,#unit,#type,#value',
  '2020-01-15,Nairobi,Kibera,Maize,KG,Retail,40',
  '2020-01-15,Nairobi,Kangemi,Maize,KG,Retail,50',
  '2020-01-15,Nairobi,Kangemi,Maize,KG,Wholesale,30',
  '2020-02-15,Nairobi,Kibera,Maize,KG,Retail,45',
  '2020-02-15,Meru North,Maua,Maize,KG,Retail,41',
  '2020-02-15,Taita Taveta,Voi,Maize,KG,Retail,n/a',
].join('\n');

export function pricesManifest(id = 'prices', file = 'prices/prices.csv'): Record<string, unknown> {
  return {
    ...provenance(id, file),
    csv: { skipLines: [2] },
    where: [{ pricetype: 'Retail' }],
    location: { column: 'admin2' },
    time: { column: 'date', format: 'YYYY-MM-DD', period: 'month' },
    long: { keyColumns: ['commodity', 'unit'], valueColumn: 'price' },
    variables: [
      {
        key: ['Maize', 'KG'],
        name: 'Average retail price: Maize, KG',
        unit: 'KES per KG',
        aggregate: 'mean',
        sources: ['agriculture/prices'],
      },
      {
        key: ['Maize', 'KG'],
        name: 'Maximum retail price: Maize, KG',
        unit: 'KES per KG',
        aggregate: 'max',
        sources: ['agriculture/prices'],
      },
    ],
  };
}

/**
 * The shipped datasets with these ids (data/sources, data/raw), imported into a fresh database of
 * the dialect after the catalogue; `log` receives the import's lines.
 */
export async function importShipped(
  dialect: 'sqlite' | 'postgres',
  ids: string[],
  log?: (line: string) => void,
): Promise<{ handle: TestDatabase; summary: ImportSummary }> {
  const handle = await openTemplateCopy(dialect, 'catalogue');
  return { handle, summary: await importData(handle.db, { only: ids, log }) };
}

/** A variable's observations at one place, in date order, as 'YYYY-MM-DD=value'. */
export async function seriesOf(db: Kysely<Database>, variable: string, location: string): Promise<string[]> {
  const rows = await db
    .selectFrom('observations')
    .innerJoin('variables', 'variables.id', 'observations.variable_id')
    .innerJoin('locations', 'locations.id', 'observations.location_id')
    .select(['observations.ts', 'observations.value'])
    .where('variables.name', '=', variable)
    .where('locations.name', '=', location)
    .orderBy('observations.ts')
    .execute();
  return rows.map((r) => `${r.ts}=${Number(r.value)}`);
}
