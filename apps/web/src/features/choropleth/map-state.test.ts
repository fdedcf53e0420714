import { describe, expect, it } from 'vitest';
import type { Choropleth, ChoroplethCounty } from '@portal/contract/choropleth';
import { classColours } from '@portal/contract/chart-style';
import { formatMapValue } from './format';
import {
  choroplethCsv,
  countyFills,
  downloadName,
  mapStateParams,
  nextSort,
  readMapState,
  sortCounties,
} from './map-state';

const county = (
  name: string,
  code: number,
  value: number | null,
  rank: number | null,
  klass: number | null,
): ChoroplethCounty => ({
  slug: name.toLowerCase().replace(/ /g, '-'),
  name,
  code,
  value,
  rank,
  class: klass,
  url: `/sectors/s/t/timeseries?location=${name}`,
});

const COUNTIES = [
  county('Mombasa', 1, 12.5, 2, 1),
  county('Kwale', 2, null, null, null),
  county('Kilifi', 3, 30, 1, 2),
  county('Tana River', 4, 3, 3, 0),
];

const MAP: Choropleth = {
  variable: { name: 'Rainfall, 1-month rolling', unit: 'mm', period: 'month', definition: null, caveat: null },
  source: { sector: 'climate', sectorTitle: 'Climate', slug: 'weather-observations', title: 'Weather Observations' },
  dataset: {
    id: 'rain',
    title: 'Rain, monthly',
    publisher: 'WFP; CHIRPS "estimates"',
    licence: 'CC BY',
    retrieved: '2026-11-22',
  },
  period: '2024-03-01',
  periods: ['2024-02-01', '2024-03-01'],
  classes: { method: 'quantile', breaks: [1, 10, 20, 40], scope: 'all-periods', valueCount: 8 },
  counties: COUNTIES,
  national: null,
  countiesWithValue: 3,
};

describe('county map state', () => {
  it('reads the address and writes it back without the defaults', () => {
    const params = new URLSearchParams(
      'source=climate/weather-observations&variable=Rainfall%2C+1-month+rolling&period=2024-03-01&method=natural',
    );
    const state = readMapState(params);
    expect(state).toEqual({
      source: 'climate/weather-observations',
      variable: 'Rainfall, 1-month rolling',
      period: '2024-03-01',
      method: 'natural',
    });
    expect(mapStateParams(state).toString()).toBe(params.toString());
    expect(readMapState(new URLSearchParams('method=equal')).method).toBe('quantile');
    expect(mapStateParams({ ...state, period: null, method: 'quantile' }).toString()).toBe(
      'source=climate%2Fweather-observations&variable=Rainfall%2C+1-month+rolling',
    );
  });

  it('colours as many classes as the breaks make, light to dark, and leaves counties without a value unfilled', () => {
    expect(classColours(5)).toEqual(['#ffffcc', '#a1dab4', '#41b6c4', '#2c7fb8', '#253494']);
    expect(classColours(3)).toHaveLength(3);
    expect(classColours(2)).toHaveLength(2);
    expect(classColours(1)).toHaveLength(1);
    const fills = countyFills(MAP);
    expect(fills.get('kilifi')).toBe(classColours(3)[2]);
    expect(fills.get('tana-river')).toBe(classColours(3)[0]);
    expect(fills.has('kwale')).toBe(false);
  });

  it('sorts the table either way with counties without a value last', () => {
    const byValue = { column: 'value', direction: 'ascending' } as const;
    expect(sortCounties(COUNTIES, byValue).map((c) => c.name)).toEqual(['Tana River', 'Mombasa', 'Kilifi', 'Kwale']);
    expect(sortCounties(COUNTIES, nextSort(byValue, 'value')).map((c) => c.name)).toEqual([
      'Kilifi',
      'Mombasa',
      'Tana River',
      'Kwale',
    ]);
    expect(sortCounties(COUNTIES, nextSort(byValue, 'rank')).map((c) => c.name)).toEqual([
      'Kilifi',
      'Mombasa',
      'Tana River',
      'Kwale',
    ]);
    expect(sortCounties(COUNTIES, { column: 'county', direction: 'descending' }).map((c) => c.name)).toEqual([
      'Tana River',
      'Mombasa',
      'Kwale',
      'Kilifi',
    ]);
  });

  it('writes a CSV row per county with its unit, period and source, quoting what needs it', () => {
    const lines = choroplethCsv(MAP, 'March 2024').trimEnd().split('\n');
    expect(lines).toHaveLength(COUNTIES.length + 1);
    expect(lines[0]).toBe('county,code,value,unit,period,source');
    expect(lines[1]).toBe('Mombasa,1,12.5,mm,March 2024,"WFP; CHIRPS ""estimates"": Rain, monthly"');
    expect(lines[2]).toBe('Kwale,2,,mm,March 2024,"WFP; CHIRPS ""estimates"": Rain, monthly"');
    expect(downloadName(MAP, 'csv')).toBe('rainfall-1-month-rolling-2024-03-01.csv');
  });

  it('keeps three significant digits below 10, so an index keeps its differences', () => {
    expect(formatMapValue(0.01234, 'en')).toBe('0.0123');
    expect(formatMapValue(0.4567, 'en')).toBe('0.457');
    expect(formatMapValue(0, 'en')).toBe('0');
    expect(formatMapValue(52.583866, 'en')).toBe('52.6');
    expect(formatMapValue(904_945, 'en')).toBe('904,945');
  });
});
