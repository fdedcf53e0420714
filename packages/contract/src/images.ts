import { z } from 'zod/mini';
import { CountyParamsSchema } from './counties.ts';
import { COMPARE_MAX } from './county-rules.ts';
import { key } from './messages.ts';
import { DatasetProvenanceSchema, SourceNameSchema, TimeseriesQuerySchema } from './timeseries.ts';

// The sizes are their own module, which every page's head reads without the schemas.
export * from './image-sizes.ts';

/** What an image address answers: the drawing (PNG, SVG) or what it shows as data (CSV, JSON). */
export const IMAGE_FORMATS = ['png', 'svg', 'csv', 'json'] as const;
export const ImageFormatSchema = z.enum(IMAGE_FORMATS, { error: key('issue.imageFormat') });
export type ImageFormat = z.infer<typeof ImageFormatSchema>;

export const ImageFormatParamsSchema = z.object({ format: ImageFormatSchema });
export const CountyImageParamsSchema = z.extend(CountyParamsSchema, { format: ImageFormatSchema });

/** A parameter given once or repeated, as a list; none at all is an empty list, refused by the rules after. */
const listOf = z.pipe(
  z.optional(z.union([z.string(), z.array(z.string())])),
  z.transform((value: string | string[] | undefined) => (value === undefined ? [] : [value].flat())),
);

/**
 * The timeseries page's query (`?source=&variable=&location=&start=&end=`), checked by the preview's
 * own rules (TimeseriesQuerySchema), so an image refuses a selection with the preview's words.
 */
export const TimeseriesImageQuerySchema = z.pipe(
  z.object({
    source: SourceNameSchema,
    start: z.optional(z.string()),
    end: z.optional(z.string()),
    variable: listOf,
    location: listOf,
  }),
  z.pipe(
    // Missing dates pass on as undefined, for the preview's rule to refuse in its own words.
    z.transform(
      (q: { source: string; start?: string; end?: string; variable: string[]; location: string[] }) =>
        ({
          source: q.source,
          start: q.start,
          end: q.end,
          variables: q.variable,
          locations: q.location,
        }) as z.input<typeof TimeseriesQuerySchema>,
    ),
    TimeseriesQuerySchema,
  ),
);

/** The compare page's query: `?c=kwale&c=lamu`, one to four county slugs. */
export const CompareImageQuerySchema = z.object({
  c: z.pipe(
    listOf,
    z
      .array(CountyParamsSchema.shape.slug)
      .check(z.minLength(1, key('issue.compareCounties')), z.maxLength(COMPARE_MAX, key('issue.compareCounties'))),
  ),
});

/**
 * What an image shows, as data (the `.json` twin; the `.csv` twin is `columns` and `rows`): its
 * texts, the page it comes from, the datasets behind it with their citations, and a row per value drawn.
 */
export const ImageDataSchema = z.object({
  title: z.string(),
  /** The period shown, as the image writes it. */
  period: z.string(),
  /** Units of the values, as the image names them. */
  units: z.array(z.string()),
  /** The view's page (absolute). */
  page: z.string(),
  datasets: z.array(z.extend(DatasetProvenanceSchema, { reference: z.string() })),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
});
export type ImageData = z.infer<typeof ImageDataSchema>;

/**
 * The social card's query: `?path=` a page's path, with its query if it has one (`/datasets?q=rain`).
 * Only the portal's own pages: an absolute address, `//host` or an API path is refused.
 */
export const CardImageQuerySchema = z.object({
  path: z.string({ error: key('issue.cardPath') }).check(
    z.maxLength(2000, key('issue.cardPath')),
    z.regex(/^\/\S*$/, key('issue.cardPath')),
    // Not `//host`, `/\host` or an API path (a check of its own: generated test input reads no lookahead).
    z.refine((path) => !/^\/(?:[/\\]|api(?:[/?#]|$))/.test(path), key('issue.cardPath')),
  ),
});
