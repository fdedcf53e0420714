import { sourcePath } from '@portal/contract/paths';

/**
 * A source's timeseries page with its query state filled in (the parameters the page reads; a list
 * repeats its parameter, as `variable` and `location` do); null values are left out.
 */
export function timeseriesPagePath(
  sector: string,
  source: string,
  params: Record<string, string | string[] | null | undefined> = {},
): string {
  const query = new URLSearchParams(
    Object.entries(params).flatMap(([name, value]) =>
      value === null || value === undefined ? [] : [value].flat().map((one): [string, string] => [name, one]),
    ),
  ).toString();
  return `${sourcePath(sector, source)}/timeseries${query ? `?${query}` : ''}`;
}
