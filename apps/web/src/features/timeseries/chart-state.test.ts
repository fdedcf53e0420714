import { describe, expect, it } from 'vitest';
import { chartStates, timestampSeconds } from './chart-state';

describe('chartStates', () => {
  it('makes one line per variable and location over the shared time points, gaps as null', () => {
    const [state, ...others] = chartStates(
      [
        ['2019', 'Access', 60, 'Nairobi'],
        ['2019', 'Access', 50, 'Mombasa'],
        ['2020', 'Access', 62, 'Nairobi'],
        ['2020', 'Rain', 80, 'Nairobi'],
      ],
      { Access: '%', Rain: 'mm' },
    );
    expect(others).toEqual([]);
    expect(state.x).toBe('time');
    expect(state.xs).toEqual([timestampSeconds('2019'), timestampSeconds('2020')]);
    expect(state.series).toEqual([
      { label: 'Access - Nairobi', unit: '%', values: [60, 62] },
      { label: 'Access - Mombasa', unit: '%', values: [50, null] },
      { label: 'Rain - Nairobi', unit: 'mm', values: [null, 80] },
    ]);
    expect(state.units).toEqual(['%', 'mm']);
  });

  it('draws climate normals by calendar month, one line per reference period, apart from dated values', () => {
    const charts = chartStates(
      [
        ['Jan 1961-1990', 'Normal', 30, 'Coast'],
        ['Feb 1961-1990', 'Normal', 20, 'Coast'],
        ['Jan 1991-2020', 'Normal', 35, 'Coast'],
        ['2019-01', 'Rain', 80, 'Nairobi'],
      ],
      { Normal: 'mm', Rain: 'mm' },
    );
    expect(charts.map((c) => c.x)).toEqual(['time', 'month']);
    expect(charts[1].xs).toEqual([1, 2]);
    expect(charts[1].series).toEqual([
      { label: 'Normal - Coast (1961-1990)', unit: 'mm', values: [30, 20] },
      { label: 'Normal - Coast (1991-2020)', unit: 'mm', values: [35, null] },
    ]);
    expect(chartStates([['Mar 1991-2020', 'Normal', 1, 'Coast']], {}).map((c) => c.x)).toEqual(['month']);
  });

  it('reads years, months and days as the start of their period', () => {
    expect(timestampSeconds('2019')).toBe(Date.UTC(2019, 0, 1) / 1000);
    expect(timestampSeconds('2019-03')).toBe(Date.UTC(2019, 2, 1) / 1000);
    expect(timestampSeconds('2019-03-15')).toBe(Date.UTC(2019, 2, 15) / 1000);
  });
});
