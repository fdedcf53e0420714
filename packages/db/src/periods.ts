import { type RawBuilder, sql } from 'kysely';
import type { Period } from './tables/timeseries.table.ts';

/** Years in the reference period of a climate normal (WMO standard normals: 1961-1990, 1991-2020). */
export const NORMAL_YEARS = 30;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const year = (date: string) => Number(date.slice(0, 4));
const yearText = (value: number) => String(value).padStart(4, '0');
const monthIndex = (date: string) => year(date) * 12 + Number(date.slice(5, 7));
const DAY_MS = 86_400_000;

/** How values of one period are dated, matched against a date range and shown. Dates are YYYY-MM-DD. */
interface PeriodRule {
  /** The earliest stored date of a value that reaches into a range starting on `start`. */
  from(start: string): string;
  /** The latest stored date of a value that reaches into a range ending on `end`. */
  to(end: string): string;
  /** The last day a value stored at `ts` holds for. */
  lastDay(ts: string): string;
  /** The stored date as people read it: 2019, 2019-03, 2019-03-14, or 'Jan 1991-2020' for a normal. */
  shown(ts: string): string;
  /** `shown` written in SQL (the same text on SQLite and PostgreSQL), for rows the database formats. */
  shownSql(ts: RawBuilder<unknown>): RawBuilder<string>;
  /** How many values one series can have stored from `first` to `last` (stored dates, `first` <= `last`). */
  count(first: string, last: string): number;
}

const monthNameSql = (ts: RawBuilder<unknown>) =>
  sql<string>`case substr(${ts}, 6, 2) ${sql.join(
    MONTHS.map((name, i) => sql`when ${sql.lit(String(i + 1).padStart(2, '0'))} then ${sql.lit(name)}`),
    sql` `,
  )} end`;

/**
 * The rules of each period. Values are dated at the start of their period, so a range that begins
 * inside a year or month still includes that year's or month's value. A normal is dated at its
 * month in the first year of its reference period and answers any range that overlaps that period.
 */
export const PERIODS: Record<Period, PeriodRule> = {
  year: {
    from: (start) => `${start.slice(0, 4)}-01-01`,
    to: (end) => end,
    lastDay: (ts) => `${ts.slice(0, 4)}-12-31`,
    shown: (ts) => ts.slice(0, 4),
    shownSql: (ts) => sql<string>`substr(${ts}, 1, 4)`,
    count: (first, last) => year(last) - year(first) + 1,
  },
  month: {
    from: (start) => `${start.slice(0, 7)}-01`,
    to: (end) => end,
    lastDay: (ts) => new Date(Date.UTC(year(ts), Number(ts.slice(5, 7)), 0)).toISOString().slice(0, 10),
    shown: (ts) => ts.slice(0, 7),
    shownSql: (ts) => sql<string>`substr(${ts}, 1, 7)`,
    count: (first, last) => monthIndex(last) - monthIndex(first) + 1,
  },
  day: {
    from: (start) => start,
    to: (end) => end,
    lastDay: (ts) => ts,
    shown: (ts) => ts,
    shownSql: (ts) => sql<string>`${ts}`,
    count: (first, last) => Math.round((Date.parse(last) - Date.parse(first)) / DAY_MS) + 1,
  },
  normal: {
    from: (start) => `${yearText(year(start) - (NORMAL_YEARS - 1))}-01-01`,
    to: (end) => `${end.slice(0, 4)}-12-31`,
    lastDay: (ts) => `${yearText(year(ts) + NORMAL_YEARS - 1)}-12-31`,
    shown: (ts) => `${MONTHS[Number(ts.slice(5, 7)) - 1]} ${ts.slice(0, 4)}-${yearText(year(ts) + NORMAL_YEARS - 1)}`,
    shownSql: (ts) =>
      sql<string>`${monthNameSql(ts)} || ' ' || substr(${ts}, 1, 4) || '-' || cast(cast(substr(${ts}, 1, 4) as integer) + ${sql.lit(NORMAL_YEARS - 1)} as text)`,
    // Twelve months of each reference period, all stored in its first year; periods start NORMAL_YEARS apart.
    count: (first, last) => 12 * (Math.floor((year(last) - year(first)) / NORMAL_YEARS) + 1),
  },
};

/**
 * The days a series covers, from its first and last stored dates: a year runs to 31 December, a
 * normal to the end of its reference period.
 * @example coverage('year', '1960-01-01', '2023-01-01') // { first: '1960-01-01', last: '2023-12-31' }
 */
export function coverage(
  period: Period,
  first: string | null,
  last: string | null,
): { first: string | null; last: string | null } {
  return { first, last: last === null ? null : PERIODS[period].lastDay(last) };
}

/**
 * The latest period some series reach, as shown: the one whose last day comes last.
 * @example latestPeriod([{ period: 'year', last_ts: '2023-01-01' }, { period: 'month', last_ts: '2026-02-01' }]) // '2026-02'
 */
export function latestPeriod(series: { period: Period; last_ts: string | null }[]): string | null {
  let latest: { day: string; shown: string } | null = null;
  for (const { period, last_ts } of series) {
    if (last_ts === null) continue;
    const day = PERIODS[period].lastDay(last_ts);
    if (!latest || day > latest.day)
      latest = { day, shown: period === 'normal' ? day.slice(0, 4) : PERIODS[period].shown(last_ts) };
  }
  return latest?.shown ?? null;
}
