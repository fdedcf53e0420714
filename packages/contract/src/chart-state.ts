import type { Language } from './languages.ts';
import { readNormalTimestamp, type TimeseriesRow } from './timeseries.ts';

// The shape of a timeseries preview's charts (which kind, which series, which points), apart from
// how they are drawn: the page draws them with uPlot, the server's images with SVG.

/**
 * One line of a line chart. A value is a number, `null` where the series misses one of its own
 * periods (a gap: the line breaks there), or `undefined` at a point that only other series have
 * (the line runs on across it), as uPlot reads them.
 */
export interface ChartSeries {
  label: string;
  variable: string;
  unit: string;
  values: (number | null | undefined)[];
}

/**
 * A line chart: one line per variable and location over shared points on the x axis. 'time' charts
 * put dates on x (epoch seconds); 'month' charts put the calendar months (1-12) of climate normals
 * on x, which belong to no year.
 */
export interface LineChartState {
  kind: 'time' | 'month';
  xs: number[];
  series: ChartSeries[];
  /** Distinct units in order of first use: the first gets the left axis, the second the right one. */
  units: string[];
  /** The stretch of x to draw: the dates asked for, so that a stretch without values shows as one. */
  range: [number, number] | null;
}

/** One bar, or one group of bars (a value per date), of a bar chart. */
export interface Bar {
  label: string;
  values: (number | null)[];
}

/** Values of many places at one to three dates: bars by place, highest first, one chart per unit. */
export interface BarChartState {
  kind: 'bars';
  /** The variables drawn, in order of first use. */
  variables: string[];
  unit: string;
  /** Timestamps of the bars in each group, earliest first. */
  dates: string[];
  bars: Bar[];
}

export type ChartState = LineChartState | BarChartState;

/** The dates of a preview, as its request sent them. */
export interface AskedRange {
  start: string;
  end: string;
}

/** At most this many dates shown as bars side by side; more make a line chart. */
const MOST_BAR_DATES = 3;

/** Seconds since the epoch of a timestamp shown at its period ('2019', '2019-03' or '2019-03-15'). */
export function timestampSeconds(timestamp: string): number {
  const [year, month = 1, day = 1] = timestamp.split('-').map(Number);
  return Date.UTC(year, month - 1, day) / 1000;
}

export type DatedPeriod = 'year' | 'month' | 'day';

const DAY_MS = 86_400_000;
export const periodOf = (timestamp: string): DatedPeriod =>
  timestamp.length === 4 ? 'year' : timestamp.length === 7 ? 'month' : 'day';

/** A dated timestamp's place in the count of its periods (years, months or days), so neighbours differ by 1. */
function periodIndex(timestamp: string): number {
  const [year, month = 1, day = 1] = timestamp.split('-').map(Number);
  const period = periodOf(timestamp);
  if (period === 'year') return year;
  if (period === 'month') return year * 12 + month - 1;
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The timestamp of a period by its place in the count (periodIndex). */
function periodAt(period: DatedPeriod, index: number): string {
  if (period === 'year') return String(index);
  if (period === 'month') return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  return new Date(index * DAY_MS).toISOString().slice(0, 10);
}

/** The period a date (YYYY-MM-DD) falls in, as a timestamp of `period`; the server's ranges reach into it. */
const periodOfDate = (period: DatedPeriod, date: string) => date.slice(0, { year: 4, month: 7, day: 10 }[period]);

interface Point {
  timestamp: string;
  label: string;
  variable: string;
  location: string;
  unit: string;
  value: number;
}

/** The points of each series (variable and location), in the order the series first appear. */
function bySeries(points: Point[]): Point[][] {
  const series = new Map<string, Point[]>();
  for (const point of points) series.set(point.label, [...(series.get(point.label) ?? []), point]);
  return [...series.values()];
}

/** Stretches a series misses between two of its values, as [first missing, last missing] timestamps. */
function gapsOf(points: Point[]): [string, string][] {
  const gaps: [string, string][] = [];
  for (let i = 1; i < points.length; i++) {
    const before = periodIndex(points[i - 1].timestamp);
    const after = periodIndex(points[i].timestamp);
    const period = periodOf(points[i].timestamp);
    if (after - before > 1) gaps.push([periodAt(period, before + 1), periodAt(period, after - 1)]);
  }
  return gaps;
}

function lineChart(kind: LineChartState['kind'], lines: { first: Point; values: Map<number, number | null> }[]) {
  const xs = [...new Set(lines.flatMap((line) => [...line.values.keys()]))].sort((a, b) => a - b);
  const series = lines.map(({ first, values }) => ({
    label: first.label,
    variable: first.variable,
    unit: first.unit,
    values: xs.map((x) => values.get(x)),
  }));
  return { kind, xs, series, units: [...new Set(series.map((s) => s.unit))] };
}

/**
 * A time chart: each line's values by date, with a `null` at the first period of each stretch it
 * misses, so that uPlot breaks the line there. `complete`: the preview holds every matching row, so
 * the chart may run to the end asked for; a capped one ends with its last value.
 */
function timeChart(points: Point[], asked: AskedRange, complete: boolean): LineChartState {
  const lines = bySeries(points).map((own) => {
    const values = new Map<number, number | null>(own.map((p) => [timestampSeconds(p.timestamp), p.value]));
    for (const [missing] of gapsOf(own)) values.set(timestampSeconds(missing), null);
    return { first: own[0], values };
  });
  const chart = lineChart('time', lines);
  const start = Math.min(timestampSeconds(asked.start), chart.xs[0]);
  const end = complete ? Math.max(timestampSeconds(asked.end), chart.xs.at(-1)!) : chart.xs.at(-1)!;
  return { ...chart, range: [start, end] };
}

/** Climate normals by calendar month, one line per reference period. */
function monthChart(points: Point[]): LineChartState {
  const lines = bySeries(points).map((own) => ({
    first: own[0],
    values: new Map<number, number | null>(own.map((p) => [readNormalTimestamp(p.timestamp)!.month, p.value])),
  }));
  return { ...lineChart('month', lines), range: null };
}

/** Bars for the points of one unit: a bar per series, named by what sets it apart, highest last value first. */
function barChart(points: Point[]): BarChartState {
  const dates = [...new Set(points.map((p) => p.timestamp))].sort();
  const variables = [...new Set(points.map((p) => p.variable))];
  const oneVariable = variables.length === 1;
  const oneLocation = new Set(points.map((p) => p.location)).size === 1;
  const bars = bySeries(points).map((own) => {
    const { variable, location } = own[0];
    const values = dates.map((date) => own.find((p) => p.timestamp === date)?.value ?? null);
    return { label: oneVariable ? location : oneLocation ? variable : `${variable} - ${location}`, values };
  });
  const last = (bar: Bar) => bar.values.at(-1) ?? -Infinity;
  bars.sort((a, b) => last(b) - last(a) || a.label.localeCompare(b.label));
  return { kind: 'bars', variables, unit: points[0].unit, dates, bars };
}

/** Whether dated values are better drawn as bars: one date, or up to three dates of several places. */
function asBars(points: Point[]): boolean {
  const dates = new Set(points.map((p) => p.timestamp)).size;
  const places = new Set(points.map((p) => p.location)).size;
  return dates === 1 || (dates <= MOST_BAR_DATES && places > 1);
}

/** The points of a preview: dated ones earliest first, and climate normals. */
function pointsOf(rows: TimeseriesRow[], units: Record<string, string>) {
  const dated: Point[] = [];
  const normals: Point[] = [];
  for (const [timestamp, variable, value, location] of rows) {
    const unit = units[variable] ?? '';
    const normal = readNormalTimestamp(timestamp);
    const label = normal ? `${variable} - ${location} (${normal.referencePeriod})` : `${variable} - ${location}`;
    (normal ? normals : dated).push({ timestamp, label, variable, location, unit, value });
  }
  // Timestamps of one period compare as text; a sort keeps rows of the same date in their order.
  dated.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
  return { dated, normals };
}

/**
 * The charts of a preview. Dated values make a time chart when they form series over time, and bars
 * by place (one chart per unit) when they hold one date, or two or three dates across several
 * places; climate normals make a chart of their calendar months. Empty charts are left out.
 * `complete`: the preview holds every row the query matches.
 */
export function chartStates(
  rows: TimeseriesRow[],
  units: Record<string, string>,
  asked: AskedRange,
  complete: boolean,
): ChartState[] {
  const { dated, normals } = pointsOf(rows, units);
  const charts: ChartState[] = [];
  if (dated.length && asBars(dated)) {
    const byUnit = new Map<string, Point[]>();
    for (const point of dated) byUnit.set(point.unit, [...(byUnit.get(point.unit) ?? []), point]);
    charts.push(...[...byUnit.values()].map(barChart));
  } else if (dated.length) charts.push(timeChart(dated, asked, complete));
  if (normals.length) charts.push(monthChart(normals));
  return charts;
}

/** Where one series' values begin and end inside the range asked for, and the stretches it misses. */
export interface SeriesCoverage {
  variable: string;
  location: string;
  /** The first timestamp, when later than the first period asked for. */
  starts: string | null;
  /** The last timestamp, when earlier than the last period asked for. */
  ends: string | null;
  gaps: [string, string][];
}

/**
 * What the page says of each dated series whose values do not fill the range asked for: a later
 * start, an earlier end, stretches without values. A capped preview (not `complete`) knows where
 * each series starts, as its rows come earliest first, but not where it ends.
 */
export function seriesCoverage(rows: TimeseriesRow[], asked: AskedRange, complete: boolean): SeriesCoverage[] {
  return bySeries(pointsOf(rows, {}).dated).flatMap((own) => {
    const { variable, location, timestamp: first } = own[0];
    const last = own.at(-1)!.timestamp;
    const period = periodOf(first);
    const starts = first > periodOfDate(period, asked.start) ? first : null;
    const ends = complete && last < periodOfDate(period, asked.end) ? last : null;
    const gaps = gapsOf(own);
    return starts || ends || gaps.length ? [{ variable, location, starts, ends, gaps }] : [];
  });
}

const PERIOD_FORMATS: Record<DatedPeriod, Intl.DateTimeFormatOptions> = {
  year: { year: 'numeric', timeZone: 'UTC' },
  month: { year: 'numeric', month: 'long', timeZone: 'UTC' },
  day: { dateStyle: 'long', timeZone: 'UTC' },
};
const formats = new Map<string, Intl.DateTimeFormat>();
/** The format of a dated timestamp's period in `language`, made once per language and period. */
export function periodFormat(timestamp: string, language: Language): Intl.DateTimeFormat {
  const period = periodOf(timestamp);
  let format = formats.get(`${language} ${period}`);
  if (!format)
    formats.set(`${language} ${period}`, (format = new Intl.DateTimeFormat(language, PERIOD_FORMATS[period])));
  return format;
}
export const timestampMs = (timestamp: string) => timestampSeconds(timestamp) * 1000;

/** A dated timestamp as a reader of `language` names its period: '2015', 'January 2015', 'Januari 2015'. */
export const periodLabel = (timestamp: string, language: Language) =>
  periodFormat(timestamp, language).format(timestampMs(timestamp));

/** Indices of values with no value beside them on the line, drawn as points since no line reaches them. */
export function isolatedPoints(values: (number | null | undefined)[]): number[] {
  // Neighbours along the line: `undefined` points belong to other series and are passed over.
  const drawn = values.flatMap((value, i) => (value === undefined ? [] : [i]));
  return drawn.filter((i, k) => values[i] !== null && values[drawn[k - 1]] == null && values[drawn[k + 1]] == null);
}
