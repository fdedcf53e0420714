import { sourcePath } from '@portal/contract/paths';

/** A source's timeseries page with its query state filled in (the parameters the page reads); null values are left out. */
export function timeseriesPagePath(
  sector: string,
  source: string,
  params: Record<string, string | null | undefined> = {},
): string {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString();
  return `${sourcePath(sector, source)}/timeseries${query ? `?${query}` : ''}`;
}
