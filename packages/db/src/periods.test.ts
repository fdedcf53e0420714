import { describe, expect, it } from 'vitest';
import { coverage, latestPeriod, PERIODS } from './periods.ts';

describe('PERIODS', () => {
  it('lets a range reach into a year or month that it starts inside, and into any overlapping reference period of a normal', () => {
    expect(PERIODS.year.from('2019-06-15')).toBe('2019-01-01');
    expect(PERIODS.month.from('2019-06-15')).toBe('2019-06-01');
    expect(PERIODS.day.from('2019-06-15')).toBe('2019-06-15');
    // 1991-2020 (stored at 1991-MM-01) overlaps a range from 2020 on, and one that ends in 1991.
    expect(PERIODS.normal.from('2020-12-31')).toBe('1991-01-01');
    expect(PERIODS.normal.to('1991-01-01')).toBe('1991-12-31');
  });

  it('shows a timestamp at its period and knows the last day it holds for', () => {
    expect(
      ['year', 'month', 'day', 'normal'].map((p) => PERIODS[p as keyof typeof PERIODS].shown('1991-03-01')),
    ).toEqual(['1991', '1991-03', '1991-03-01', 'Mar 1991-2020']);
    expect(PERIODS.month.lastDay('2024-02-01')).toBe('2024-02-29');
    expect(PERIODS.normal.lastDay('1961-12-01')).toBe('1990-12-31');
    expect(coverage('year', '1960-01-01', '2023-01-01')).toEqual({ first: '1960-01-01', last: '2023-12-31' });
    expect(coverage('day', null, null)).toEqual({ first: null, last: null });
  });

  it('counts the values a series can have between two stored dates', () => {
    expect(PERIODS.year.count('1960-01-01', '2023-01-01')).toBe(64);
    expect(PERIODS.month.count('2019-11-01', '2020-02-01')).toBe(4);
    expect(PERIODS.day.count('2024-02-27', '2024-03-01')).toBe(4);
    // The normals of 1961-1990 and 1991-2020, twelve months each.
    expect(PERIODS.normal.count('1961-01-01', '1991-12-01')).toBe(24);
    expect(PERIODS.normal.count('1962-01-01', '1991-12-01')).toBe(12);
  });

  it('finds the latest period among series of different periods', () => {
    expect(latestPeriod([])).toBeNull();
    expect(
      latestPeriod([
        { period: 'year', last_ts: '2023-01-01' },
        { period: 'month', last_ts: '2026-02-01' },
        { period: 'month', last_ts: null },
      ]),
    ).toBe('2026-02');
    // A 1991-2020 normal reaches 2020, later than a monthly series that ends in 2019.
    expect(
      latestPeriod([
        { period: 'month', last_ts: '2019-11-01' },
        { period: 'normal', last_ts: '1991-12-01' },
      ]),
    ).toBe('2020');
  });
});
