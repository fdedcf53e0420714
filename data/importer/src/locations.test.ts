import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocationIndex, LocationsError, locationKey, readLocations } from './locations.ts';
import { RAW_DIR, SOURCES_DIR } from './paths.ts';

const locations = readLocations(join(SOURCES_DIR, 'locations.json'));

describe('the canonical location list', () => {
  it('holds Kenya and the 47 counties under their official names with the KNBS codes', () => {
    const counties = locations.all.filter((l) => l.kind === 'county');
    expect(counties).toHaveLength(47);
    expect(counties.map((c) => c.countyCode).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 47 }, (_, i) => i + 1),
    );
    expect(locations.byCanonicalName('Kenya')).toMatchObject({ kind: 'country', countyCode: null });
    for (const name of [
      'Nairobi',
      'Taita Taveta',
      'Elgeyo Marakwet',
      'Tharaka Nithi',
      "Murang'a",
      'Homa Bay',
      'Trans Nzoia',
    ]) {
      expect(locations.byCanonicalName(name)?.kind).toBe('county');
    }
  });

  it('matches every name and census name of raw/boundaries/kenya_counties.csv to the county with that code', () => {
    const [, ...rows] = readFileSync(join(RAW_DIR, 'boundaries/kenya_counties.csv'), 'utf8').trim().split('\n');
    expect(rows).toHaveLength(47);
    for (const row of rows) {
      const [code, name, censusName] = row.split(',');
      expect(locations.resolve(name)?.countyCode, name).toBe(Number(code));
      expect(locations.resolve(censusName)?.countyCode, censusName).toBe(Number(code));
    }
  });
});

describe('resolving a source spelling', () => {
  it.each([
    ['TAITA/TAVETA   ', 'Taita Taveta'],
    ['Taita-Taveta', 'Taita Taveta'],
    ['NAIROBI CITY', 'Nairobi'],
    ['NairobiCity   ', 'Nairobi'],
    ['Tharaka', 'Tharaka Nithi'],
    ['THARAKA-NITHI', 'Tharaka Nithi'],
    ['Elgeyo-Marakwet', 'Elgeyo Marakwet'],
    ['ELGEYO/MARAKWET', 'Elgeyo Marakwet'],
    ['Muranga', "Murang'a"],
    ["MURANG'A  ", "Murang'a"],
    ['HomaBay   ', 'Homa Bay'],
    ['TanaRiver', 'Tana River'],
    ['KENYA', 'Kenya'],
    ['KEN', 'Kenya'],
    ['Rift Valley', 'Rift Valley'],
  ])('%j is %s', (spelling, canonical) => {
    expect(locations.resolve(spelling)?.name).toBe(canonical);
  });

  it('finds nothing for a place that is not listed, rather than guessing', () => {
    for (const spelling of ['Meru North', 'Moyale', 'Nairobi East', 'Taveta', ''])
      expect(locations.resolve(spelling)).toBeUndefined();
  });

  it('compares letters and digits only, ignoring case', () => {
    expect(locationKey(" Murang'a / ")).toBe('muranga');
  });
});

describe('checking a location list', () => {
  it('refuses a spelling that would match two places', () => {
    expect(
      () =>
        new LocationIndex([
          { name: 'Nairobi', kind: 'county', countyCode: 47, aliases: ['Nairobi City'] },
          { name: 'Nairobi-City', kind: 'place' },
        ]),
    ).toThrow(/'Nairobi-City' of 'Nairobi-City' would also match 'Nairobi'/);
  });

  it('refuses a county code given twice', () => {
    expect(
      () =>
        new LocationIndex([
          { name: 'Mombasa', kind: 'county', countyCode: 1 },
          { name: 'Kwale', kind: 'county', countyCode: 1 },
        ]),
    ).toThrow(LocationsError);
  });
});
