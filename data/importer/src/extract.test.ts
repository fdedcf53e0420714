import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-file.ts';
import type { CountyFinder } from './county-finder.ts';
import { DatasetFileError, extractObservations } from './extract.ts';
import { LocationIndex, type LocationsFileSchema } from './locations.ts';
import { ManifestSchema } from './manifest.ts';
import {
  CENSUS_CSV,
  censusManifest,
  FIXTURE_LOCATIONS,
  PRICES_CSV,
  pricesManifest,
  provenance,
} from './testing-fixtures.ts';
import type { z } from 'zod';

const locations = new LocationIndex(FIXTURE_LOCATIONS.locations as z.infer<typeof LocationsFileSchema>['locations']);
/** A county finder over two boxes: Nairobi east of 36.6 E, Taita Taveta south of 3 S. */
const countyAt: CountyFinder = (lon, lat) =>
  lat < -3 ? locations.county(6) : lon > 36.6 ? locations.county(47) : undefined;
const extract = (manifest: Record<string, unknown>, csv: string) => {
  const m = ManifestSchema.parse(manifest);
  return extractObservations(m, parseCsv(csv, m.csv.skipLines), locations, countyAt);
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
    const csv = [
      'year,place,gdp',
      '2019,Nairobi,1',
      '19x,Nairobi,2',
      '2020,Nairobi',
      '2019,NAIROBI CITY,3',
      '2021,,4',
    ].join('\n');
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
    expect(() =>
      extract(
        yearly([...gdp, { column: 'debt', name: 'Debt', unit: 'US$', sources: ['macro-economics/income'] }]),
        'year,place,gdp\n2019,Nairobi,1',
      ),
    ).toThrow(DatasetFileError);
    expect(() => extract(yearly(gdp), 'year,county,gdp\n2019,Nairobi,1')).toThrow(
      /no column 'place' \(named by the manifest yearly\.json\)/,
    );
  });

  it('filters on numbers and exclusions', () => {
    const csv = ['year,place,gdp,kind', '2019,Nairobi,1,obs', '2030,Nairobi,2,obs', '2020,Nairobi,3,projection'].join(
      '\n',
    );
    const result = extract(yearly(gdp, { where: [{ year: { atMost: 2022 }, kind: { notIn: ['projection'] } }] }), csv);
    expect(result.observations.map((o) => o.value)).toEqual([1]);
    expect(result.rowsUsed).toBe(1);
  });
});

describe('placing rows the location column does not name', () => {
  const markets = [
    'date,admin2,market,lat,lon,price',
    '2020-01-15,Nairobi,Kibera,-1.31,36.78,40',
    '2020-01-15,Moyale,Walda,-3.5,38.5,50',
    '2020-01-15,,Hola (Taita Taveta),,,60',
    '2020-01-15,Ijara,Kotile,0.5,30.1,70',
  ].join('\n');
  const manifest = (location: Record<string, unknown>) => ({
    ...provenance('markets', 'test/markets.csv'),
    location,
    time: { column: 'date', format: 'YYYY-MM-DD', period: 'month' },
    variables: [{ column: 'price', name: 'Price', unit: 'KES', aggregate: 'max', sources: ['agriculture/prices'] }],
  });

  it('tries the fallbacks in order: the county holding the coordinates, then a name in another column', () => {
    const result = extract(
      manifest({
        column: 'admin2',
        fallbacks: [{ countyAt: { lat: 'lat', lon: 'lon' } }, { column: 'market', pattern: '\\((?<name>[^)]+)\\)$' }],
      }),
      markets,
    );
    expect(result.observations.map((o) => `${o.location}=${o.value}`)).toEqual(['Nairobi=40', 'Taita Taveta=60']);
    expect(result.placedByFallback).toBe(2);
    expect(result.rejects).toEqual([
      { line: 5, reason: "unknown location 'Ijara' (column 'admin2') and no fallback placed the row" },
    ]);
  });

  it('keeps two records of one name apart by overrides, and reports excluded rows with their reason', () => {
    const dams = ['name,height,year', 'Turkwel,84,1991', 'Turkwel,155,1991', 'Owen Falls,30,1954'].join('\n');
    const result = extract(
      {
        ...provenance('dams', 'test/dams.csv'),
        exclude: [{ where: { name: 'Owen Falls' }, reason: 'lies in Uganda' }],
        location: {
          column: 'name',
          overrides: [{ where: { name: 'Turkwel', height: '84' }, name: 'Coast' }],
          aliases: { Turkwel: 'Kenya' },
        },
        time: { column: 'year', format: 'YYYY', period: 'year' },
        variables: [{ column: 'height', name: 'Dam height', unit: 'm', sources: ['water/dams'] }],
      },
      dams,
    );
    expect(result.observations.map((o) => `${o.location}=${o.value}`)).toEqual(['Coast=84', 'Kenya=155']);
    expect(result.rejects).toEqual([{ line: 4, reason: 'left out: lies in Uganda' }]);
  });
});

describe('a long file with several measures per key', () => {
  it('reads each variable from its own value column, or the shared one when it names none', () => {
    const csv = ['phase,people,share', 'all,500,1.0', '3+,100,0.2'].join('\n');
    const result = extract(
      {
        ...provenance('ipc', 'test/ipc.csv'),
        location: { value: 'Kenya' },
        time: { value: '2020-08', format: 'YYYY-MM', period: 'month' },
        long: { keyColumns: ['phase'], valueColumn: 'people' },
        variables: [
          { key: 'all', name: 'People analysed', unit: 'persons', sources: ['agriculture/consumption'] },
          { key: '3+', name: 'People in Phase 3+', unit: 'persons', sources: ['agriculture/consumption'] },
          {
            key: '3+',
            column: 'share',
            name: 'Share in Phase 3+',
            unit: 'fraction',
            sources: ['agriculture/consumption'],
          },
        ],
      },
      csv,
    );
    expect(result.observations.map((o) => `${o.variable}=${o.value}`)).toEqual(['0=500', '1=100', '2=0.2']);
  });
  it('leaves out the parts of a group that do not add up to its whole, within the rounding of published figures', () => {
    const csv = [
      'area,phase,people,share',
      'Kiambu,all,1000,1.0',
      'Kiambu,1,0,0',
      'Kiambu,2,0,0',
      'Kiambu,3+,0,0',
      'Turkana,all,1000,1.0',
      'Turkana,1,601,0.6',
      'Turkana,2,400,0.4',
      'Turkana,3+,0,0',
    ].join('\n');
    const variables = ['all', '1', '2', '3+'].map((phase) => ({
      key: phase,
      name: `People in phase ${phase}`,
      unit: 'persons',
      sources: ['agriculture/consumption'],
    }));
    const result = extract(
      {
        ...provenance('ipc', 'test/ipc.csv'),
        location: { column: 'area', aliases: { Kiambu: 'Nairobi', Turkana: 'Taita Taveta' } },
        time: { value: '2023-02', format: 'YYYY-MM', period: 'month' },
        long: { keyColumns: ['phase'], valueColumn: 'people' },
        partsOfWhole: { column: 'phase', whole: 'all', parts: ['1', '2'], reason: 'not classified' },
        variables: [
          ...variables,
          { ...variables[3], name: 'Share in phase 3+', column: 'share', unit: 'fraction of the people (0–1)' },
        ],
      },
      csv,
    );
    expect(result.observations.map((o) => `${o.location}: ${o.variable}=${o.value}`)).toEqual([
      'Nairobi: 0=1000',
      'Taita Taveta: 0=1000',
      'Taita Taveta: 1=601',
      'Taita Taveta: 2=400',
      'Taita Taveta: 3=0',
      'Taita Taveta: 4=0',
    ]);
    const reason = "left out: phase 1, 2 add up to 0, not the 1000 of 'all': not classified";
    expect(result.rejects).toEqual([2, 3, 4].map((n) => ({ line: n + 1, reason })));
  });
});

describe('a scenario published as its changes to a base scenario', () => {
  it('takes every place and period the scenario does not change from the base', () => {
    const csv = ['year,scenario,cost', '2020,base,10', '2021,base,11', '2022,base,12', '2021,high,99'].join('\n');
    const result = extract(
      {
        ...provenance('model', 'test/model.csv'),
        location: { value: 'Kenya' },
        time: { column: 'year', format: 'YYYY', period: 'year' },
        long: { keyColumns: ['scenario'], valueColumn: 'cost' },
        variables: [
          { key: 'base', name: 'Cost (base)', unit: 'USD', sources: ['energy/models'] },
          { key: 'high', name: 'Cost (high)', unit: 'USD', fillFrom: 'Cost (base)', sources: ['energy/models'] },
        ],
      },
      csv,
    );
    const high = result.observations.filter((o) => o.variable === 1).sort((a, b) => a.ts.localeCompare(b.ts));
    expect(high.map((o) => `${o.ts.slice(0, 4)}=${o.value}`)).toEqual(['2020=10', '2021=99', '2022=12']);
  });
});

describe("a variable's own tests", () => {
  it('split the rows of one key between two variables by another column, so neither repeats a place and period', () => {
    const csv = ['year,parameter,detail,value', '2020,ratio,mode=1,1', '2020,ratio,mode=2,0.9', '2020,cost,,5'].join(
      '\n',
    );
    const result = extract(
      {
        ...provenance('modes', 'test/modes.csv'),
        location: { value: 'Kenya' },
        time: { column: 'year', format: 'YYYY', period: 'year' },
        long: { keyColumns: ['parameter'], valueColumn: 'value' },
        variables: [
          {
            key: 'ratio',
            where: { detail: { notIn: ['mode=2'] } },
            name: 'Ratio',
            unit: '1',
            sources: ['energy/models'],
          },
          { key: 'ratio', where: { detail: 'mode=2' }, name: 'Ratio, mode 2', unit: '1', sources: ['energy/models'] },
          { key: 'cost', where: { detail: 'mode=3' }, name: 'Cost, mode 3', unit: 'USD', sources: ['energy/models'] },
        ],
      },
      csv,
    );
    expect(result.observations.map((o) => [o.variable, o.value])).toEqual([
      [0, 1],
      [1, 0.9],
    ]);
    expect(result.rejects).toEqual([]);
    expect(result.rowsUsed).toBe(2);
  });
});
