import type { SharedView } from '@portal/contract/share';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The timeseries chart of a selection (`sector/slug` and the preview's query), as a view to share. */
export const timeseriesView = (
  source: string,
  { start, end, variables, locations }: { start: string; end: string; variables: string[]; locations: string[] },
): SharedView => ({ kind: 'timeseries', source, start, end, variables, locations });

/**
 * The chart a timeseries page's address selects (`?start=&end=&variable=&location=`), if it names
 * a whole one; the image's own rules judge the rest, as the preview's do.
 */
export function addressedTimeseries(source: string, params: URLSearchParams): SharedView | undefined {
  const [start, end] = [params.get('start') ?? '', params.get('end') ?? ''];
  const [variables, locations] = [params.getAll('variable'), params.getAll('location')];
  const whole = ISO_DATE.test(start) && ISO_DATE.test(end) && variables.length > 0 && locations.length > 0;
  return whole ? timeseriesView(source, { start, end, variables, locations }) : undefined;
}
