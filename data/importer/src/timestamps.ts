import { NORMAL_YEARS, PERIODS } from '@portal/db/periods';
import type { Period } from '@portal/db/tables/timeseries.table';
import type { TimeSpec } from './manifest.ts';

const FORMATS: Record<NonNullable<TimeSpec['format']>, RegExp> = {
  YYYY: /^(?<year>\d{4})$/,
  'YYYY-MM': /^(?<year>\d{4})-(?<month>\d{1,2})$/,
  'YYYY-MM-DD': /^(?<year>\d{4})-(?<month>\d{1,2})-(?<day>\d{1,2})$/,
};

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Turns a source's text into the stored date of its period, or says why it cannot. */
export type TimestampParser = (text: string) => { ts: string } | { error: string };

/**
 * Builds the parser a manifest's `time` describes. The stored timestamp is the first day of the
 * period: 1 January for a year, the 1st for a month; a climate normal is dated at its month in the
 * first year of its reference period, which must span NORMAL_YEARS years.
 * @example timestampParser({ column: 'date', format: 'YYYY-MM-DD', period: 'month' })('2019-07-15') // { ts: '2019-07-01' }
 */
export function timestampParser(spec: Pick<TimeSpec, 'format' | 'pattern' | 'period'>): TimestampParser {
  const regex = spec.pattern !== undefined ? new RegExp(spec.pattern) : FORMATS[spec.format!];
  const expected = spec.pattern !== undefined ? `the pattern ${spec.pattern}` : spec.format!;
  return (text) => {
    const groups = regex.exec(text.trim())?.groups;
    if (!groups?.year) return { error: `timestamp '${text}' does not match ${expected}` };
    const year = Number(groups.year);
    const month = groups.month === undefined ? 1 : monthNumber(groups.month);
    const day = groups.day === undefined ? 1 : Number(groups.day);
    if (!month) return { error: `timestamp '${text}' has no valid month` };
    if (!validDay(year, month, day)) return { error: `timestamp '${text}' has no valid day` };
    if (spec.period === 'normal' && Number(groups.lastYear) - year !== NORMAL_YEARS - 1) {
      return { error: `timestamp '${text}': a normal's reference period must span ${NORMAL_YEARS} years` };
    }
    return { ts: periodStart(year, month, day, spec.period) };
  };
}

function monthNumber(text: string): number | undefined {
  const name = text.toLowerCase();
  const n = /^\d+$/.test(text) ? Number(text) : MONTH_NAMES.findIndex((m) => m === name || m.slice(0, 3) === name) + 1;
  return n >= 1 && n <= 12 ? n : undefined;
}

function validDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return day >= 1 && date.getUTCMonth() === month - 1;
}

function periodStart(year: number, month: number, day: number, period: Period): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  if (period === 'year') return `${pad(year, 4)}-01-01`;
  if (period === 'month' || period === 'normal') return `${pad(year, 4)}-${pad(month)}-01`;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * The first and last stored dates among some observations, as shown at the period.
 * @example dateRange([{ ts: '2019-03-01' }, { ts: '2015-01-01' }], 'month') // { first: '2015-01', last: '2019-03' }
 */
export function dateRange(
  observations: { ts: string }[],
  period: Period,
): { first: string | null; last: string | null } {
  if (!observations.length) return { first: null, last: null };
  let [first, last] = [observations[0].ts, observations[0].ts];
  for (const { ts } of observations) {
    if (ts < first) first = ts;
    if (ts > last) last = ts;
  }
  return { first: PERIODS[period].shown(first), last: PERIODS[period].shown(last) };
}
