import { z } from 'zod/mini';
import { key } from './messages.ts';
import { DatasetProvenanceSchema, LocationKindSchema, PageFields, PeriodSchema } from './timeseries.ts';

/**
 * A dataset's version: the first 12 hex digits of the checksum of its file and manifest as loaded.
 * Citations name it, so a citation leads back to the same numbers.
 */
export const datasetVersion = (checksum: string) => checksum.slice(0, 12);

/** Whether a licence still has to be checked: the manifests say so with the words 'to verify'. */
export const licenceToVerify = (licence: string) => /\bto verify\b/i.test(licence);

/** A dataset id as manifests have it: lower-case words joined by hyphens. */
export const DatasetParamsSchema = z.object({
  id: z
    .string()
    .check(z.maxLength(100, key('datasets.badId')), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, key('datasets.badId'))),
});

/** Query of GET /api/v1/datasets/{id}/observations. */
export const DatasetObservationsQuerySchema = z.object(PageFields);

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
