import { type ChartState, chartStates } from '@portal/contract/chart-state';
import { readNormalTimestamp, type TimeseriesQuery, type TimeseriesRow } from '@portal/contract/timeseries';
import { timeseriesPagePath } from '../page-links.ts';
import { barChartNode, lineChartNode, mostBars } from './chart.ts';
import { bodySize } from './frame.ts';
import { absolute, type ImageView, type ViewContext } from './view.ts';

/** A preview's rows and how they were asked for: what the timeseries page draws its chart from. */
export interface PreviewRows {
  query: TimeseriesQuery & { source: string };
  rows: TimeseriesRow[];
  /** Rows matching the query; more than `rows` when the preview was capped. */
  total: number;
  units: Record<string, string>;
  datasetIds: string[];
}

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The rows a chart draws: bars of one unit, dated rows of a time chart, or climate normals. */
function rowsOf(chart: ChartState, rows: TimeseriesRow[], units: Record<string, string>): TimeseriesRow[] {
  if (chart.kind === 'month') return rows.filter(([timestamp]) => readNormalTimestamp(timestamp));
  const dated = rows.filter(([timestamp]) => !readNormalTimestamp(timestamp));
  return chart.kind === 'bars' ? dated.filter(([, variable]) => units[variable] === chart.unit) : dated;
}

/**
 * The timeseries page's chart as an image: the first chart the page draws for the query (by the
 * page's own rule, chartStates: bars by place for one date, else lines), from the same preview rows.
 */
export function timeseriesView(preview: PreviewRows, { t, language, publicUrl, size }: ViewContext): ImageView {
  const { query, rows, units, total } = preview;
  const complete = total <= rows.length;
  const chart = chartStates(rows, units, query, complete)[0];
  let shown = rowsOf(chart, rows, units);
  let note = complete ? undefined : t('image.capped', { shown: rows.length, total });
  if (chart.kind === 'bars') {
    // As many bars as fit, highest first; the rest are counted.
    const fit = mostBars(bodySize(size).height);
    const kept = new Set(chart.bars.slice(0, fit).map((bar) => bar.label));
    // Named as chartStates names a bar: by what sets it apart.
    const oneVariable = chart.variables.length === 1;
    const oneLocation = new Set(shown.map(([, , , location]) => location)).size === 1;
    const labelOf = (variable: string, location: string) =>
      oneVariable ? location : oneLocation ? variable : `${variable} - ${location}`;
    // In the order drawn: by bar, then by date.
    const order = new Map(chart.bars.map((bar, i) => [bar.label, i]));
    const place = ([, variable, , location]: TimeseriesRow) => order.get(labelOf(variable, location))!;
    shown = shown
      .filter(([, variable, , location]) => kept.has(labelOf(variable, location)))
      .sort((a, b) => place(a) - place(b) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    if (chart.bars.length > fit) note = t('image.moreSeries', { count: chart.bars.length - fit });
  }
  const [sector, slug] = query.source.split('/');
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const variables = [...new Set(shown.map(([, variable]) => variable))];
  const locations = [...new Set(shown.map(([, , , location]) => location))];
  return {
    texts: {
      title: `${variables.join(', ')}: ${locations.join(', ')}`,
      period: t('choropleth.legend.span', {
        first: dates.format(day(query.start)),
        last: dates.format(day(query.end)),
      }),
      units: variables.map((v) => units[v]),
      page: absolute(
        publicUrl,
        timeseriesPagePath(sector, slug, {
          start: query.start,
          end: query.end,
          variable: query.variables,
          location: query.locations,
        }),
      ),
      note,
    },
    body: (room) =>
      chart.kind === 'bars' ? barChartNode(chart, room, language) : lineChartNode(chart, room, t, language),
    table: {
      columns: ['timestamp', 'variable', 'location', 'value', 'unit'],
      rows: shown.map(([timestamp, variable, value, location]) => [
        timestamp,
        variable,
        location,
        value,
        units[variable],
      ]),
    },
    datasetIds: preview.datasetIds,
  };
}
