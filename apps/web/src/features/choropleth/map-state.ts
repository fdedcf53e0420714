import { classColours } from '@portal/contract/chart-style';
import type { Choropleth, ChoroplethCounty, ClassMethod } from '@portal/contract/choropleth';
import { CLASS_METHODS } from '@portal/contract/choropleth-classes';

/** The map as the address carries it (`?source=&variable=&period=&method=`), so a shared link draws the same map. */
export interface MapState {
  source: string | null;
  variable: string | null;
  /** Start date of the period shown; null for the latest. */
  period: string | null;
  method: ClassMethod;
}

export function readMapState(params: URLSearchParams): MapState {
  const method = params.get('method');
  return {
    source: params.get('source'),
    variable: params.get('variable'),
    period: params.get('period'),
    method: CLASS_METHODS.includes(method as ClassMethod) ? (method as ClassMethod) : 'quantile',
  };
}

/** The query string for a state, leaving out what is the default. */
export function mapStateParams({ source, variable, period, method }: MapState): URLSearchParams {
  const params = new URLSearchParams();
  if (source) params.set('source', source);
  if (variable) params.set('variable', variable);
  if (period) params.set('period', period);
  if (method !== 'quantile') params.set('method', method);
  return params;
}

/** Each county's fill by slug; counties without a value are left out, so the map draws them as such. */
export function countyFills(map: Choropleth): Map<string, string> {
  const colours = classColours(map.classes.breaks.length - 1);
  return new Map(map.counties.flatMap((c) => (c.class === null ? [] : [[c.slug, colours[c.class]] as const])));
}

export type SortColumn = 'county' | 'value' | 'rank';
export interface TableSort {
  column: SortColumn;
  direction: 'ascending' | 'descending';
}

/** A column's header pressed: the same column turns its order round, another starts ascending. */
export const nextSort = (sort: TableSort, column: SortColumn): TableSort =>
  sort.column === column
    ? { column, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' }
    : { column, direction: 'ascending' };

const KEYS: Record<SortColumn, (c: ChoroplethCounty) => number | string | null> = {
  county: (c) => c.name,
  value: (c) => c.value,
  rank: (c) => c.rank,
};

/** The counties in the table's order; counties without a value stay last whichever way a number column runs. */
export function sortCounties(counties: ChoroplethCounty[], { column, direction }: TableSort): ChoroplethCounty[] {
  const key = KEYS[column];
  const sign = direction === 'ascending' ? 1 : -1;
  return [...counties].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
    const order = typeof x === 'string' ? x.localeCompare(y as string) : x - (y as number);
    return sign * order || a.name.localeCompare(b.name);
  });
}

const csvField = (value: string | number) =>
  /[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value);

/** The values shown, one row per county by code, with the unit, period and source on every row. */
export function choroplethCsv(map: Choropleth, periodLabel: string): string {
  const source = `${map.dataset.publisher}: ${map.dataset.title}`;
  const rows = map.counties.map((c) =>
    [c.name, c.code, c.value ?? '', map.variable.unit, periodLabel, source].map(csvField).join(','),
  );
  return `${['county', 'code', 'value', 'unit', 'period', 'source'].join(',')}\n${rows.join('\n')}\n`;
}

/** A file name for a download of the map: the variable and period in lower-case words. */
export const downloadName = (map: Choropleth, extension: string) =>
  `${`${map.variable.name} ${map.period}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.${extension}`;
