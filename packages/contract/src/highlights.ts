import { z } from 'zod/mini';
import { PeriodSchema } from './timeseries.ts';

const PointSchema = z.object({ date: z.string(), value: z.number() });

/** One of the landing page's figures: a variable's latest value with its recent trend. */
export const HighlightSchema = z.object({
  variable: z.string(),
  unit: z.string(),
  period: PeriodSchema,
  definition: z.nullable(z.string()),
  /** Key of the catalogue text ('caveat.*') that tells the figure from one it may be taken for; null: none. */
  caveat: z.nullable(z.string()),
  /** The location the values are for; null when each value is the median of the counties. */
  location: z.nullable(z.string()),
  /** For a median: how many counties had a value on the latest date. */
  counties: z.nullable(z.int()),
  latest: PointSchema,
  /** The recent values the trend chart draws, oldest first; the last is `latest`. */
  series: z.array(PointSchema),
  source: z.object({ sector: z.string(), sectorTitle: z.string(), slug: z.string(), title: z.string() }),
  dataset: z.object({
    id: z.string(),
    title: z.string(),
    publisher: z.string(),
    licence: z.string(),
    retrieved: z.string(),
  }),
  /** The timeseries page with this variable (and location) ticked over the dates shown. */
  url: z.string(),
});
export type Highlight = z.infer<typeof HighlightSchema>;

/** A dataset among those whose values span the most years. */
export const LongRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  publisher: z.string(),
  /** First and last date (YYYY-MM-DD) of its values. */
  first: z.string(),
  last: z.string(),
});
export type LongRecord = z.infer<typeof LongRecordSchema>;

export const HighlightsResponseSchema = z.object({
  figures: z.array(HighlightSchema),
  /** The datasets whose values span the most years, longest first. */
  longestRecords: z.array(LongRecordSchema),
});
export type HighlightsResponse = z.infer<typeof HighlightsResponseSchema>;
