import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@portal/contract/search';
import { groupResults, shownOrder } from './group-results';

const result = (kind: SearchResult['kind'], title: string): SearchResult => ({
  kind,
  title,
  subtitle: '',
  url: `/${title}`,
  score: 1,
});

describe('groupResults', () => {
  it('keeps kinds in the order of their first result and numbers results in the order shown', () => {
    const groups = groupResults([result('variable', 'a'), result('place', 'b'), result('variable', 'c')]);
    expect(groups.map((g) => g.kind)).toEqual(['variable', 'place']);
    expect(groups[0].results.map((r) => [r.result.title, r.index])).toEqual([
      ['a', 0],
      ['c', 1],
    ]);
    expect(groups[1].results.map((r) => [r.result.title, r.index])).toEqual([['b', 2]]);
    expect(shownOrder(groups).map((r) => r.title)).toEqual(['a', 'c', 'b']);
  });

  it('gives no group for no results', () => {
    expect(groupResults([])).toEqual([]);
  });
});
