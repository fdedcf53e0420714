import { describe, expect, it } from 'vitest';
import { chartState, timestampSeconds } from './chart-state';

describe('chartState', () => {
  it('makes one line per variable and location over the shared time points, gaps as null', () => {
    const state = chartState(
      [
        ['2019', 'Access', 60, 'Nairobi'],
        ['2019', 'Access', 50, 'Mombasa'],
        ['2020', 'Access', 62, 'Nairobi'],
        ['2020', 'Rain', 80, 'Nairobi'],
      ],
      { Access: '%', Rain: 'mm' },
    );
    expect(state.xs).toEqual([timestampSeconds('2019'), timestampSeconds('2020')]);
    expect(state.series).toEqual([
      { label: 'Access - Nairobi', unit: '%', values: [60, 62] },
      { label: 'Access - Mombasa', unit: '%', values: [50, null] },
      { label: 'Rain - Nairobi', unit: 'mm', values: [null, 80] },
    ]);
    expect(state.units).toEqual(['%', 'mm']);
  });

  it('reads years, months and days as the start of their period', () => {
    expect(timestampSeconds('2019')).toBe(Date.UTC(2019, 0, 1) / 1000);
    expect(timestampSeconds('2019-03')).toBe(Date.UTC(2019, 2, 1) / 1000);
    expect(timestampSeconds('2019-03-15')).toBe(Date.UTC(2019, 2, 15) / 1000);
  });
});
