import { z } from 'zod/mini';
import { key } from './messages.ts';
import {
  DatasetProvenanceSchema,
  LocationKindSchema,
  ObservationsPageSchema,
  OptionalObservationFilters,
  PageFields,
  PeriodSchema,
} from './timeseries.ts';

/**
 * A dataset's version: the first 12 hex digits of the checksum of its file and manifest as loaded.
 * Citations name it, so a citation leads back to the same numbers.
 */
export const datasetVersion = (checksum: string) => checksum.slice(0, 12);

/** A dataset id as manifests have it: lower-case words joined by hyphens. */
export const DatasetParamsSchema = z.object({
  id: z
    .string()
    .check(z.maxLength(100, key('datasets.badId')), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, key('datasets.badId'))),
});

// Hex of the text: opaque to a reader, safe in a URL, and read back the same in a page and the server.
const hexOf = (text: string) => [...text].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
const textOfHex = (hex: string) => hex.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16)));

/**
 * Where a walk through a dataset's rows has got to: the version it walks, the rows already read
 * and the ordinal (ADR 0033) of the last of them, which a filtered walk needs besides (unfiltered,
 * the two are one). Clients pass it back as it is (its form may change); a reload of the dataset ends it.
 */
export const datasetCursor = (version: string, position: number, ordinal = position): string =>
  hexOf(ordinal === position ? `${version}:${position}` : `${version}:${position}:${ordinal}`);

/** The version, position and ordinal a cursor holds, or null when it is not one `datasetCursor` wrote. */
export function readDatasetCursor(cursor: string): { version: string; position: number; ordinal: number } | null {
  if (!/^([0-9a-f]{2}){3,80}$/.test(cursor)) return null;
  const match = /^([0-9a-f]{1,64}):(0|[1-9][0-9]{0,9})(?::(0|[1-9][0-9]{0,9}))?$/.exec(textOfHex(cursor));
  return match ? { version: match[1], position: Number(match[2]), ordinal: Number(match[3] ?? match[2]) } : null;
}

/**
 * Query of GET /api/v1/datasets/{id}/observations: the filters of a source's observations, each
 * optional, and `page`, or the `cursor` a page's `next` gave, which replaces it (with the same filters).
 */
export const DatasetObservationsQuerySchema = z.extend(OptionalObservationFilters, {
  ...PageFields,
  cursor: z.optional(
    z.string().check(z.refine((cursor) => readDatasetCursor(cursor) !== null, { message: key('datasets.badCursor') })),
  ),
});

/** Query of GET /api/v1/datasets/{id}/observations.csv: the same filters, every matching row. */
export const DatasetObservationsCsvQuerySchema = OptionalObservationFilters;

/** A page of a dataset's observations, with the cursor of the next one (null on the last). */
export const DatasetObservationsPageSchema = z.extend(ObservationsPageSchema, { next: z.nullable(z.string()) });

/** One dataset in the list of every loaded dataset. */
export const DatasetSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  publisher: z.string(),
  licence: z.string(),
  /** The licence still has to be checked against the publisher's terms. */
  licenceToVerify: z.boolean(),
  /** Date (YYYY-MM-DD) the file was retrieved from its publisher. */
  retrieved: z.string(),
  /** `datasetVersion` of the data as loaded. */
  version: z.string(),
  /** When it was loaded, ISO 8601. */
  loadedAt: z.string(),
  /** First and last day its data covers, YYYY-MM-DD (null without values). */
  first: z.nullable(z.string()),
  last: z.nullable(z.string()),
  valueCount: z.int(),
  variableCount: z.int(),
});
export type DatasetSummary = z.infer<typeof DatasetSummarySchema>;

export const DatasetVariableSchema = z.object({
  name: z.string(),
  unit: z.string(),
  period: PeriodSchema,
  first: z.nullable(z.string()),
  last: z.nullable(z.string()),
  valueCount: z.int(),
  definition: z.nullable(z.string()),
});

/** What a load changed against the load before it. */
export const DatasetChangesSchema = z.object({
  added: z.int(),
  removed: z.int(),
  changed: z.int(),
  /** First and last date (YYYY-MM-DD) of a value added, removed or changed; null when none was. */
  first: z.nullable(z.string()),
  last: z.nullable(z.string()),
});

export const DatasetVersionSchema = z.object({
  /** 1 for the first load, then one more for each reload. */
  number: z.int(),
  version: z.string(),
  checksum: z.string(),
  loadedAt: z.string(),
  valueCount: z.int(),
  /** Null for a first load, which has nothing to compare with. */
  changes: z.nullable(DatasetChangesSchema),
});
export type DatasetVersion = z.infer<typeof DatasetVersionSchema>;

/** A source page that lists some of the dataset's variables. */
export const DatasetSourceSchema = z.object({
  sector: z.string(),
  sectorTitle: z.string(),
  source: z.string(),
  sourceTitle: z.string(),
  /** The source's timeseries page. */
  page: z.string(),
});

export const DatasetDetailSchema = z.extend(DatasetProvenanceSchema, {
  licenceToVerify: z.boolean(),
  checksum: z.string(),
  coverage: z.object({
    variables: z.array(DatasetVariableSchema),
    /** The places with values, and how many of each kind (county, country ...). */
    places: z.object({ count: z.int(), kinds: z.array(z.object({ kind: LocationKindSchema, count: z.int() })) }),
    first: z.nullable(z.string()),
    last: z.nullable(z.string()),
    valueCount: z.int(),
    /** Values dated in each year, oldest first, for a small coverage chart. */
    valuesPerYear: z.array(z.object({ year: z.int(), count: z.int() })),
  }),
  sources: z.array(DatasetSourceSchema),
  /** Every load, newest first. */
  versions: z.array(DatasetVersionSchema),
});
export type DatasetDetail = z.infer<typeof DatasetDetailSchema>;
