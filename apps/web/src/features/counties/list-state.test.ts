import { describe, expect, it } from 'vitest';
import type { CountyList } from '@portal/contract/counties';
import { countyListParams, readCountyListState, shownCounties } from './list-state';

const headline = { topic: 'energy', unit: '%', period: 'year', definition: null, date: '2019-01-01' } as const;
const source = { sector: 'energy', sectorTitle: 'Energy', slug: 'access', title: 'Access' };
const dataset = { id: 'd', title: 'D', publisher: 'P', licence: 'L', retrieved: '2026-01-01' };
const point = (value: number) => ({ date: '2019-01-01', value });
const list: CountyList = {
  headlines: [{ ...headline, variable: 'Electricity access', source, dataset }],
  counties: [
    { slug: 'turkana', name: 'Turkana', code: 23, values: [point(8.6)] },
    { slug: 'muranga', name: "Murang'a", code: 21, values: [null] },
    { slug: 'nairobi', name: 'Nairobi', code: 47, values: [point(96)] },
    { slug: 'mombasa', name: 'Mombasa', code: 1, values: [point(80)] },
  ],
};

describe('counties list state', () => {
  it('sorts by a headline, highest first, counties without a value last', () => {
    const { rows, headline: index } = shownCounties(list, { q: '', sort: 'Electricity access' });
    expect(index).toBe(0);
    expect(rows.map((c) => c.slug)).toEqual(['nairobi', 'mombasa', 'turkana', 'muranga']);
  });

  it('sorts by name or code, and finds a county whatever its apostrophes and case', () => {
    expect(shownCounties(list, { q: '', sort: 'name' }).rows.map((c) => c.slug)).toEqual([
      'mombasa',
      'muranga',
      'nairobi',
      'turkana',
    ]);
    expect(shownCounties(list, { q: '', sort: 'code' }).rows.map((c) => c.code)).toEqual([1, 21, 23, 47]);
    expect(shownCounties(list, { q: 'MURANGA', sort: 'name' }).rows.map((c) => c.slug)).toEqual(['muranga']);
  });

  it('keeps the state in the address and leaves defaults out', () => {
    expect(countyListParams({ q: '', sort: 'name' }).toString()).toBe('');
    const params = countyListParams({ q: 'ka', sort: 'Electricity access' });
    expect(readCountyListState(params)).toEqual({ q: 'ka', sort: 'Electricity access' });
  });
});
