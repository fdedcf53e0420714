import { describe, expect, it } from 'vitest';
import { sortByTitle } from './to-dto.ts';

describe('sortByTitle', () => {
  it('sorts with a locale-aware comparison, ignoring case and accents', () => {
    const items = ['water', 'Énergie', 'Zebra', 'access', 'GDP Growth Rate', 'GDP'].map((title) => ({
      title,
      sectorTitle: 'S',
    }));
    expect(sortByTitle(items).map((i) => i.title)).toEqual([
      'access',
      'Énergie',
      'GDP',
      'GDP Growth Rate',
      'water',
      'Zebra',
    ]);
  });

  it('orders equal titles by their sector title and leaves the input untouched', () => {
    const items = [
      { title: 'Access', sectorTitle: 'Water' },
      { title: 'Access', sectorTitle: 'Energy' },
    ];
    expect(sortByTitle(items).map((i) => i.sectorTitle)).toEqual(['Energy', 'Water']);
    expect(items[0].sectorTitle).toBe('Water');
  });
});
