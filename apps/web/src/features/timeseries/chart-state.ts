import type { TimeseriesRow } from '@portal/contract/timeseries';

export interface ChartSeries {
  label: string;
  unit: string;
  values: (number | null)[];
}

/** What the chart draws: one line per variable and location over shared time points (epoch seconds). */
export interface ChartState {
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

export function chartState(rows: TimeseriesRow[], units: Record<string, string>): ChartState {
  const xs = [...new Set(rows.map(([timestamp]) => timestampSeconds(timestamp)))].sort((a, b) => a - b);
  const column = new Map(xs.map((x, i) => [x, i]));
  const byLine = new Map<string, ChartSeries>();
  for (const [timestamp, variable, value, location] of rows) {
    const label = `${variable} - ${location}`;
    let line = byLine.get(label);
    if (!line) {
      line = { label, unit: units[variable] ?? '', values: xs.map(() => null) };
      byLine.set(label, line);
    }
    line.values[column.get(timestampSeconds(timestamp))!] = value;
  }
  const series = [...byLine.values()];
  return { xs, series, units: [...new Set(series.map((s) => s.unit))] };
}
