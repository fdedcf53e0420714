import type { CountyFigure } from '@portal/contract/counties';
import { formatFigure, formatPeriod } from '@portal/contract/figure-format';
import type { ImageData } from '@portal/contract/images';
import type { Language, Translate } from '@portal/contract/messages';

/** Most series or figures an image's alternative text names one by one; the rest are counted. */
const NAMED = 6;

type Cell = ImageData['rows'][number][number];
const cellOf = (data: ImageData, row: Cell[], column: string) => row[data.columns.indexOf(column)];

const dateOf = (language: Language) => {
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  // A climate normal's timestamp is no date: it is written as it comes.
  return (timestamp: string) => {
    const time = Date.parse(`${timestamp.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(time) ? timestamp : format.format(time);
  };
};

/** The first `NAMED` parts, then how many more there are. */
function named(parts: string[], t: Translate): string {
  const shown = parts.slice(0, NAMED).join('; ');
  return parts.length > NAMED ? `${shown}; ${t('image.moreSeries', { count: parts.length - NAMED })}` : shown;
}

/** A timeseries image in words: each line (or bar) by what sets it apart, its first and last value with their dates. */
export function timeseriesSummary(data: ImageData, t: Translate, language: Language): string {
  const date = dateOf(language);
  const series = new Map<string, Cell[][]>();
  for (const row of data.rows) {
    const key = `${cellOf(data, row, 'variable')}\u0000${cellOf(data, row, 'location')}`;
    series.set(key, [...(series.get(key) ?? []), row]);
  }
  const variables = new Set(data.rows.map((row) => cellOf(data, row, 'variable')));
  const locations = new Set(data.rows.map((row) => cellOf(data, row, 'location')));
  const parts = [...series.entries()].map(([key, rows]) => {
    const [variable, location] = key.split('\u0000');
    const label = variables.size === 1 ? location : locations.size === 1 ? variable : `${variable} - ${location}`;
    const sorted = [...rows].sort((a, b) =>
      String(cellOf(data, a, 'timestamp')).localeCompare(String(cellOf(data, b, 'timestamp'))),
    );
    const [first, last] = [sorted[0], sorted.at(-1)!];
    const value = (row: Cell[]) =>
      `${formatFigure(Number(cellOf(data, row, 'value')), language)} ${String(cellOf(data, row, 'unit'))}`;
    if (sorted.length === 1)
      return t('embed.seriesOne', {
        series: label,
        value: value(first),
        date: date(String(cellOf(data, first, 'timestamp'))),
      });
    return t('embed.series', {
      series: label,
      first: value(first),
      firstDate: date(String(cellOf(data, first, 'timestamp'))),
      last: value(last),
      lastDate: date(String(cellOf(data, last, 'timestamp'))),
    });
  });
  return named(parts, t);
}

/** A county map in words: its highest and lowest county, and how many counties have a value. */
export function choroplethSummary(data: ImageData, t: Translate, language: Language): string {
  const valued = data.rows
    .filter((row) => cellOf(data, row, 'value') !== null)
    .sort((a, b) => Number(cellOf(data, b, 'value')) - Number(cellOf(data, a, 'value')));
  if (!valued.length) return t('image.noValue');
  const [highest, lowest] = [valued[0], valued.at(-1)!];
  const value = (row: Cell[]) => `${formatFigure(Number(cellOf(data, row, 'value')), language)} ${data.units[0] ?? ''}`;
  return t('embed.mapSummary', {
    highest: cellOf(data, highest, 'county'),
    highestValue: value(highest).trim(),
    lowest: cellOf(data, lowest, 'county'),
    lowestValue: value(lowest).trim(),
    count: valued.length,
    total: data.rows.length,
  });
}

/** A county's figures in words: each figure's latest value, unit and period, as its profile writes them, the first few named. */
export function countySummary(figures: CountyFigure[], t: Translate, language: Language): string {
  const parts = figures.flatMap((figure) =>
    figure.latest
      ? [
          t('embed.figure', {
            variable: figure.variable,
            value: formatFigure(figure.latest.value, language),
            unit: figure.unit,
            date: formatPeriod(figure.latest.date, figure.period, language),
          }),
        ]
      : [],
  );
  return parts.length ? named(parts, t) : t('image.noValue');
}
