import type { CountyList } from '@portal/contract/counties';

/** What the counties list shows, as its address holds it: a filter and an order ('name', 'code' or a headline's variable). */
export interface CountyListState {
  q: string;
  sort: string;
}

export const readCountyListState = (params: URLSearchParams): CountyListState => ({
  q: params.get('q') ?? '',
  sort: params.get('sort') ?? 'name',
});

export function countyListParams(state: CountyListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sort !== 'name') params.set('sort', state.sort);
  return params;
}

/** Letters only, lower case: "murang'a", "Muranga" and "MURANGA" all find Murang'a. */
const folded = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

export type CountyRow = CountyList['counties'][number];

/**
 * The counties the filter keeps, in the chosen order: by name, by code, or by a headline's latest
 * value, highest first, counties without a value last.
 */
export function shownCounties(list: CountyList, state: CountyListState): { rows: CountyRow[]; headline: number } {
  const headline = list.headlines.findIndex((h) => h.variable === state.sort);
  const rows = list.counties.filter((c) => folded(c.name).includes(folded(state.q)));
  const value = (c: CountyRow) => c.values[headline]?.value ?? -Infinity;
  if (headline >= 0) rows.sort((a, b) => value(b) - value(a) || a.name.localeCompare(b.name));
  else if (state.sort === 'code') rows.sort((a, b) => a.code - b.code);
  else rows.sort((a, b) => a.name.localeCompare(b.name));
  return { rows, headline };
}
