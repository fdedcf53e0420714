import type { MessageKey } from '@portal/contract/messages';
import { endProblem, type TimeseriesQuery, TimeseriesQuerySchema } from '@portal/contract/timeseries';
import { toIsoDate } from '../../components/dates';

/** What the timeseries page asks for; kept in the URL so a copied link reproduces it. */
export interface QueryState {
  start: Date | null;
  end: Date | null;
  variables: string[];
  locations: string[];
}

/** The local date a YYYY-MM-DD string names, or null when it names none. */
export function fromIsoDate(text: string | null): Date | null {
  const match = text?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toIsoDate(date) === text ? date : null;
}

/** The date formats the picker is given: the spec's MM/dd/yyyy in English, dd/MM/yyyy in Swahili. */
export type DateFormat = 'MM/dd/yyyy' | 'dd/MM/yyyy';

/** The date typed in the picker's format, or null when it is not a real date. */
export function parseTypedDate(text: string, format: DateFormat = 'MM/dd/yyyy'): Date | null {
  const match = text.trim().match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (!match) return null;
  const [, first, second, year] = match.map(Number);
  const [month, day] = format === 'MM/dd/yyyy' ? [first, second] : [second, first];
  const date = new Date(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** A date as the fields show it, in the language's format (the inverse of `parseTypedDate`). */
export function formatTypedDate(date: Date, format: DateFormat = 'MM/dd/yyyy'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const [first, second] =
    format === 'MM/dd/yyyy' ? [date.getMonth() + 1, date.getDate()] : [date.getDate(), date.getMonth() + 1];
  return `${pad(first)}/${pad(second)}/${date.getFullYear()}`;
}

export function readQueryState(params: URLSearchParams): QueryState {
  return {
    start: fromIsoDate(params.get('start')),
    end: fromIsoDate(params.get('end')),
    variables: params.getAll('variable'),
    locations: params.getAll('location'),
  };
}

export function writeQueryState(state: QueryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.start) params.set('start', toIsoDate(state.start));
  if (state.end) params.set('end', toIsoDate(state.end));
  for (const variable of state.variables) params.append('variable', variable);
  for (const location of state.locations) params.append('location', location);
  return params;
}

/** The spec's alerts in the order it lists them: of a query's problems, the first is the one shown. */
const ALERT_ORDER: readonly MessageKey[] = [
  'timeseries.timeRange',
  'timeseries.invalidDate',
  'timeseries.order',
  'timeseries.future',
  'timeseries.afterLastDate',
  'timeseries.noVariable',
  'timeseries.noLocation',
];

/** A problem of a query: a catalogue key with its values, or zod's own text for a rule without one. */
export interface QueryProblem {
  problem: string;
  values?: Record<string, string>;
}

/**
 * The query to send for `source` ('sector/slug'), checked as the server checks it: by the
 * contract's schema, and its end against the last day each of the source's series covers
 * (`lastDays`; endProblem). Otherwise the spec's alert for its first problem (show it with `textOf`).
 */
export function checkQuery(
  state: QueryState,
  source: string,
  lastDays: readonly (string | null)[] = [],
): { query: TimeseriesQuery } | QueryProblem {
  const end = state.end ? toIsoDate(state.end) : undefined;
  const result = TimeseriesQuerySchema.safeParse({
    start: state.start ? toIsoDate(state.start) : undefined,
    end,
    variables: state.variables,
    locations: state.locations,
    source,
  });
  const late = end === undefined ? null : endProblem(end, lastDays);
  if (result.success && !late) return { query: result.data };
  const problems: QueryProblem[] = [
    ...(result.success ? [] : result.error.issues.map((issue) => ({ problem: issue.message }))),
    ...(late ? [{ problem: late.key, values: late.values }] : []),
  ];
  return ALERT_ORDER.map((message) => problems.find((p) => p.problem === message)).find((p) => p) ?? problems[0];
}

/**
 * The query without the variables and locations a source does not offer (a shared link may name
 * them), and the names it dropped, to be said once.
 */
export function withoutUnknown(
  state: QueryState,
  variables: string[],
  locations: string[],
): { state: QueryState; dropped: string[] } {
  const [knownVariables, knownLocations] = [new Set(variables), new Set(locations)];
  const dropped = [
    ...state.variables.filter((name) => !knownVariables.has(name)),
    ...state.locations.filter((name) => !knownLocations.has(name)),
  ];
  if (!dropped.length) return { state, dropped };
  return {
    state: {
      ...state,
      variables: state.variables.filter((name) => knownVariables.has(name)),
      locations: state.locations.filter((name) => knownLocations.has(name)),
    },
    dropped,
  };
}
