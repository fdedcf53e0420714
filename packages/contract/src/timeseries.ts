import { z } from 'zod/mini';
import { key, type MessageKey } from './messages.ts';

/** At most this many rows come back in a preview; the export has them all. */
export const PREVIEW_ROW_LIMIT = 500;

/** A date YYYY-MM-DD; `missing` says what to do when none is given. */
const isoDate = (missing: MessageKey) =>
  z.string({ error: missing }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, key('timeseries.invalidDate')),
    z.refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      key('timeseries.invalidDate'),
    ),
  );
const IsoDate = isoDate(key('timeseries.timeRange'));

const Name = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));
const Names = (message: MessageKey) =>
  z.array(Name).check(z.minLength(1, message), z.maxLength(500, key('timeseries.tooManyItems')));

const startNotAfterEnd = (q: { start: string; end: string }) => q.start <= q.end;
const orderIssue = { message: key('timeseries.order'), path: ['start'] };

/** Today's date (UTC) as YYYY-MM-DD. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * The latest date a query of a source may name, from the last day each of its series covers: today,
 * as the spec has it, or, for a source whose data run into the future (model inputs, projections),
 * the last day they cover.
 * @example latestQueryDate(['2023-12-31', '2050-12-31'], '2026-11-27') // '2050-12-31'
 */
export function latestQueryDate(lastDays: readonly (string | null)[], today = todayIso()): string {
  return lastDays.reduce<string>((latest, day) => (day !== null && day > latest ? day : latest), today);
}

/**
 * Why a query of a source may not end on `end` (latestQueryDate), or null when it may: the spec's
 * 'Dates cannot be later than today.', or, past data that run into the future, the day they end.
 * The page checks this before it asks, and the server again for every call that takes dates.
 */
export function endProblem(
  end: string,
  lastDays: readonly (string | null)[],
  today = todayIso(),
): { key: MessageKey; values?: { date: string } } | null {
  const latest = latestQueryDate(lastDays, today);
  if (end <= latest) return null;
  return latest === today
    ? { key: key('timeseries.future') }
    : { key: key('timeseries.afterLastDate'), values: { date: latest } };
}

/** A source named as the pages and the open API name it: 'sector/slug', e.g. 'energy/access'. */
export const SourceNameSchema = z.string().check(z.regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, key('issue.sourceName')));

/**
 * Body of the preview (/api/get-data/) and export (/api/timeseries-download/) calls. `source`
 * ('sector/slug') is an addition to the spec's payload: variable names are unique within a source.
 * How late `end` may be depends on the source's data (endProblem), so it is checked apart.
 */
export const TimeseriesQuerySchema = z
  .object({
    start: IsoDate,
    end: IsoDate,
    variables: Names(key('timeseries.noVariable')),
    locations: Names(key('timeseries.noLocation')),
    source: z.optional(SourceNameSchema),
  })
  .check(z.refine(startNotAfterEnd, orderIssue));
export type TimeseriesQuery = z.infer<typeof TimeseriesQuerySchema>;

/** One result row as the spec has it: [timestamp, variable, value, location]. */
export const TimeseriesRowSchema = z.tuple([z.string(), z.string(), z.number(), z.string()]);
export type TimeseriesRow = z.infer<typeof TimeseriesRowSchema>;

export const PreviewResponseSchema = z.union([
  z.object({
    data: z.array(TimeseriesRowSchema),
    /** Rows matching the query; more than `data` holds when the preview was capped. */
    total: z.int(),
    units: z.record(z.string(), z.string()),
  }),
  z.object({ info: z.string() }),
]);
export type PreviewResponse = z.infer<typeof PreviewResponseSchema>;

export const ExportResponseSchema = z.union([z.object({ file: z.string() }), z.object({ info: z.string() })]);
export type ExportResponse = z.infer<typeof ExportResponseSchema>;

/**
 * How long a value holds. A 'normal' is a climate normal: the mean of one calendar month over a
 * 30-year reference period, shown as the month and its period ('Jan 1991-2020').
 */
export const PeriodSchema = z.enum(['year', 'month', 'day', 'normal']);
export type Period = z.infer<typeof PeriodSchema>;

/** Where a number comes from: the dataset (one published file) behind a variable. */
export const DatasetProvenanceSchema = z.object({
  id: z.string(),
  title: z.string(),
  publisher: z.string(),
  licence: z.string(),
  citation: z.string(),
  sourceUrl: z.string(),
  /** Date (YYYY-MM-DD) the file was retrieved from its publisher. */
  retrieved: z.string(),
  /** How the portal prepared the file beyond reading it, when it did more. */
  notes: z.nullable(z.string()),
  /** `datasetVersion` of the data as loaded: what a citation names, so it leads back to these numbers. */
  version: z.string(),
  /** When that version was loaded, ISO 8601. */
  loadedAt: z.string(),
});
export type DatasetProvenance = z.infer<typeof DatasetProvenanceSchema>;

export const VariableSchema = z.object({
  name: z.string(),
  unit: z.string(),
  period: PeriodSchema,
  /** First and last day the data covers, YYYY-MM-DD (a yearly value covers its year, a normal its reference period). */
  first: z.nullable(z.string()),
  last: z.nullable(z.string()),
  /** What the number measures. */
  definition: z.nullable(z.string()),
  /** The series' code at its publisher, e.g. 'EG.ELC.ACCS.ZS' or census table 'V4_T2.19'. */
  code: z.nullable(z.string()),
  /** How the portal made the value from published ones; null when it is the published value. */
  derivation: z.nullable(z.string()),
  dataset: DatasetProvenanceSchema,
});
export type Variable = z.infer<typeof VariableSchema>;

export const LocationKindSchema = z.enum(['country', 'county', 'province', 'sub-location', 'place', 'model-entity']);

export const LocationSchema = z.object({
  name: z.string(),
  /** 'model-entity': a technology or commodity of an energy system model, not a place. */
  kind: LocationKindSchema,
  countyCode: z.nullable(z.int()),
});
export type Location = z.infer<typeof LocationSchema>;

/** A name or several (`?variable=a&variable=b`) as a list; `missing` says what to do when none is given. */
const repeatedName = (missing: MessageKey) =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.array(z.string())], { error: missing }),
      z.transform((value: string | string[]) => (Array.isArray(value) ? value : [value])),
    ),
    z.array(Name).check(z.minLength(1), z.maxLength(500)),
  );

/** The filters of the open API's observations: a missing one is named in words, with the parameter to give. */
const ObservationFilterFields = {
  start: isoDate(key('timeseries.api.noStart')),
  end: isoDate(key('timeseries.api.noEnd')),
  variable: repeatedName(key('timeseries.api.noVariable')),
  location: repeatedName(key('timeseries.api.noLocation')),
};

/** The same filters, each optional: a dataset's observations are all of them unless a filter narrows them. */
export const OptionalObservationFilters = z
  .partial(z.object(ObservationFilterFields))
  .check(
    z.refine(
      (q) => q.start === undefined || q.end === undefined || startNotAfterEnd({ start: q.start, end: q.end }),
      orderIssue,
    ),
  );

/** The largest page of observations one call answers. */
export const PAGE_SIZE_MAX = 1000;

/** Which page of a list of observations: `page` from 1, `pageSize` rows (at most PAGE_SIZE_MAX). */
export const PageFields = {
  page: z._default(
    z.coerce
      .number({ error: key('timeseries.page') })
      .check(z.int(key('timeseries.page')), z.gte(1, key('timeseries.page'))),
    1,
  ),
  pageSize: z._default(
    z.coerce
      .number({ error: key('timeseries.pageSize') })
      .check(
        z.int(key('timeseries.pageSize')),
        z.gte(1, key('timeseries.pageSize')),
        z.lte(PAGE_SIZE_MAX, key('timeseries.pageSize')),
      ),
    100,
  ),
};

/** Query of GET /api/v1/.../observations: repeat `variable` and `location` for several. */
export const ObservationsQuerySchema = z
  .object({ ...ObservationFilterFields, ...PageFields })
  .check(z.refine(startNotAfterEnd, orderIssue));

/** Query of GET /api/v1/.../observations.csv: every matching row, streamed. */
export const ObservationsCsvQuerySchema = z
  .object(ObservationFilterFields)
  .check(z.refine(startNotAfterEnd, orderIssue));

export const ObservationSchema = z.object({
  /** The period as shown: 2019, 2019-03, 2019-03-14, or a normal's month and reference period ('Jan 1991-2020'). */
  timestamp: z.string(),
  variable: z.string(),
  unit: z.string(),
  value: z.number(),
  location: z.string(),
  /** Id of the dataset the value comes from, in the page's `datasets`. */
  dataset: z.string(),
});

export const ObservationsPageSchema = z.object({
  data: z.array(ObservationSchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
  /** Provenance of the datasets the page's values come from. */
  datasets: z.array(DatasetProvenanceSchema),
});

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const NORMAL_TIMESTAMP = new RegExp(`^(${MONTH_NAMES.join('|')}) (\\d{4}-\\d{4})$`);

/**
 * The month (1-12) and reference period of a climate normal's timestamp, or null for any other.
 * @example readNormalTimestamp('Jan 1991-2020') // { month: 1, referencePeriod: '1991-2020' }
 */
export function readNormalTimestamp(timestamp: string): { month: number; referencePeriod: string } | null {
  const match = NORMAL_TIMESTAMP.exec(timestamp);
  return match ? { month: MONTH_NAMES.indexOf(match[1]) + 1, referencePeriod: match[2] } : null;
}
