import { readNormalTimestamp, type TimeseriesRow } from '@portal/contract/timeseries';

export interface ChartSeries {
  label: string;
  unit: string;
  values: (number | null)[];
}

/**
 * What one chart draws: one line per variable and location over shared points on the x axis.
 * 'time' charts put dates on x (epoch seconds); 'month' charts put the calendar months (1-12) of
 * climate normals on x, which belong to no year.
 */
export interface ChartState {
  x: 'time' | 'month';
  xs: number[];
  series: ChartSeries[];
  /** Distinct units in order of first use: the first gets the left axis, the second the right one. */
  units: string[];
}

/** Seconds since the epoch of a timestamp shown at its period ('2019', '2019-03' or '2019-03-15'). */
export function timestampSeconds(timestamp: string): number {
  const [year, month = 1, day = 1] = timestamp.split('-').map(Number);
  return Date.UTC(year, month - 1, day) / 1000;
}

interface Point {
  x: number;
  label: string;
  unit: string;
  value: number;
}

function buildChart(x: ChartState['x'], points: Point[]): ChartState {
  const xs = [...new Set(points.map((p) => p.x))].sort((a, b) => a - b);
  const column = new Map(xs.map((value, i) => [value, i]));
  const byLine = new Map<string, ChartSeries>();
  for (const point of points) {
    let line = byLine.get(point.label);
    if (!line) {
      line = { label: point.label, unit: point.unit, values: xs.map(() => null) };
      byLine.set(point.label, line);
    }
    line.values[column.get(point.x)!] = point.value;
  }
  const series = [...byLine.values()];
  return { x, xs, series, units: [...new Set(series.map((s) => s.unit))] };
}

/**
 * The charts of a preview: a time chart of dated values and, when the preview holds climate
 * normals, a chart of their calendar months, one line per reference period. Empty charts are left out.
 */
export function chartStates(rows: TimeseriesRow[], units: Record<string, string>): ChartState[] {
  const dated: Point[] = [];
  const normals: Point[] = [];
  for (const [timestamp, variable, value, location] of rows) {
    const unit = units[variable] ?? '';
    const normal = readNormalTimestamp(timestamp);
    if (normal)
      normals.push({ x: normal.month, label: `${variable} - ${location} (${normal.referencePeriod})`, unit, value });
    else dated.push({ x: timestampSeconds(timestamp), label: `${variable} - ${location}`, unit, value });
  }
  return [buildChart('time', dated), buildChart('month', normals)].filter((chart) => chart.series.length > 0);
}
