import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-file.ts';
import { DatasetFileError, extractObservations } from './extract.ts';
import { LocationIndex, type LocationsFileSchema } from './locations.ts';
import { ManifestSchema } from './manifest.ts';
import { CENSUS_CSV, censusManifest, FIXTURE_LOCATIONS, PRICES_CSV, pricesManifest, provenance } from './testing-fixtures.ts';
import type { z } from 'zod';

const locations = new LocationIndex(FIXTURE_LOCATIONS.locations as z.infer<typeof LocationsFileSchema>['locations']);
const extract = (manifest: Record<string, unknown>, csv: string) => {
  const m = ManifestSchema.parse(manifest);
  return extractObservations(m, parseCsv(csv, m.csv.skipLines), locations);
};

describe('extracting a wide census table', () => {
  const result = extract(censusManifest(), CENSUS_CSV);

  it('keeps the national and county rows, in canonical names, dated 1 January of the census year', () => {
    expect(result.rowsRead).toBe(6);
    expect(result.rowsUsed).toBe(4);
    expect(result.observations).toEqual([
      { variable: 0, location: 'Kenya', ts: '2019-01-01', value: 50.4 },
      { variable: 1, location: 'Kenya', ts: '2019-01-01', value: 19.3 },
      { variable: 0, location: 'Nairobi', ts: '2019-01-01', value: 96.5 },
      { variable: 1, location: 'Nairobi', ts: '2019-01-01', value: 0.4 },
      { variable: 0, location: 'Taita Taveta', ts: '2019-01-01', value: 47.6 },
    ]);
    expect(result.locations.map((l) => l.name)).toEqual(['Kenya', 'Nairobi', 'Taita Taveta']);
  });

  it('skips a blank value without filling it, and rejects an unknown county with its line', () => {
    expect(result.blanks).toBe(1);
    expect(result.rejects).toEqual([{ line: 7, reason: "unknown location 'ATLANTIS' (column 'SubCounty')" }]);
  });
});

describe('extracting a long monthly price file', () => {
  const result = extract(pricesManifest(), PRICES_CSV);

  it('averages and maximises the retail prices of a county and month, leaving out other price types', () => {
    const prices = result.observations.map((o) => [o.variable, o.location, o.ts, o.value]);
    expect(prices).toEqual([
      [0, 'Nairobi', '2020-01-01', 45],
      [1, 'Nairobi', '2020-01-01', 50],
      [0, 'Nairobi', '2020-02-01', 45],
      [1, 'Nairobi', '2020-02-01', 45],
    ]);
  });

  it('skips the HXL line and reports a former district and a text price by line', () => {
    expect(result.rowsRead).toBe(6);
    expect(result.rejects).toEqual([
      { line: 7, reason: "unknown location 'Meru North' (column 'admin2')" },
      { line: 8, reason: "value 'n/a' of 'Average retail price: Maize, KG' (column 'price') is not a number" },
      { line: 8, reason: "value 'n/a' of 'Maximum retail price: Maize, KG' (column 'price') is not a number" },
    ]);
  });
});

describe('rows that cannot be read', () => {
  const yearly = (variables: unknown[], extra: Record<string, unknown> = {}) => ({
    ...provenance('yearly', 'test/yearly.csv'),
    location: { column: 'place', aliases: { '': 'Kenya' } },
    time: { column: 'year', format: 'YYYY', period: 'year' },
    variables,
    ...extra,
  });
  const gdp = [{ column: 'gdp', name: 'GDP', unit: 'US$', sources: ['macro-economics/gdp'] }];

  it('rejects a bad timestamp, a short row and a repeated observation, each by line', () => {
    const csv = ['year,place,gdp', '2019,Nairobi,1', '19x,Nairobi,2', '2020,Nairobi', '2019,NAIROBI CITY,3', '2021,,4'].join('\n');
    const result = extract(yearly(gdp), csv);
    expect(result.rejects).toEqual([
      { line: 3, reason: "timestamp '19x' does not match YYYY" },
      { line: 4, reason: 'has 2 fields where the header has 3' },
      { line: 5, reason: "'GDP' for Nairobi at 2019-01-01 repeats line 2" },
    ]);
    expect(result.observations.map((o) => [o.location, o.ts, o.value])).toEqual([
      ['Nairobi', '2019-01-01', 1],
      ['Kenya', '2021-01-01', 4],
    ]);
  });

  it('fails the whole file when a column named by the manifest is missing', () => {
    expect(() => extract(yearly([...gdp, { column: 'debt', name: 'Debt', unit: 'US$', sources: ['macro-economics/income'] }]), 'year,place,gdp\n2019,Nairobi,1')).toThrow(
      DatasetFileError,
    );
    expect(() => extract(yearly(gdp), 'year,county,gdp\n2019,Nairobi,1')).toThrow(/no column 'place' \(named by the manifest yearly\.json\)/);
  });

  it('filters on numbers and exclusions', () => {
    const csv = ['year,place,gdp,kind', '2019,Nairobi,1,obs', '2030,Nairobi,2,obs', '2020,Nairobi,3,projection'].join('\n');
    const result = extract(yearly(gdp, { where: [{ year: { atMost: 2022 }, kind: { notIn: ['projection'] } }] }), csv);
    expect(result.observations.map((o) => o.value)).toEqual([1]);
    expect(result.rowsUsed).toBe(1);
  });
});
