import { z } from 'zod/mini';
import { LANGUAGES } from './languages.ts';
import { key } from './messages.ts';
import { HEADLINE_TOPICS } from './county-rules.ts';
import { PeriodSchema } from './timeseries.ts';

/**
 * A county's slug in page and API paths: lower case, apostrophes dropped, anything else between
 * letters a hyphen ("Murang'a" → "muranga", "Elgeyo Marakwet" → "elgeyo-marakwet").
 */
export function countySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const HeadlineTopicSchema = z.enum(HEADLINE_TOPICS);
export type HeadlineTopic = z.infer<typeof HeadlineTopicSchema>;

const PointSchema = z.object({ date: z.string(), value: z.number() });
export type Point = z.infer<typeof PointSchema>;

/** A variable named with the source that offers it, as the timeseries calls name it. */
export const SourceRefSchema = z.object({
  sector: z.string(),
  sectorTitle: z.string(),
  slug: z.string(),
  title: z.string(),
});
export type SourceRef = z.infer<typeof SourceRefSchema>;

/** The dataset a figure comes from, with what a source line names. */
export const DatasetRefSchema = z.object({
  id: z.string(),
  title: z.string(),
  publisher: z.string(),
  licence: z.string(),
  retrieved: z.string(),
});

/** A county-level variable its manifest marks as a headline, without a county's values. */
export const HeadlineSchema = z.object({
  topic: HeadlineTopicSchema,
  variable: z.string(),
  unit: z.string(),
  period: PeriodSchema,
  definition: z.nullable(z.string()),
  source: SourceRefSchema,
  dataset: DatasetRefSchema,
});
export type Headline = z.infer<typeof HeadlineSchema>;

export const CountySchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** KNBS county code, 1-47. */
  code: z.int(),
});
export type County = z.infer<typeof CountySchema>;

/** One headline figure of one county. */
export const CountyFigureSchema = z.extend(HeadlineSchema, {
  /** The county's latest value; null when the data has none for it. */
  latest: z.nullable(PointSchema),
  /** Place among the counties with a value on the same date, 1 for the highest; ties share a place. */
  rank: z.nullable(z.object({ position: z.int(), of: z.int() })),
  /** Kenya's value on the same date, where the data has one. */
  national: z.nullable(PointSchema),
  /** The county's recent values, oldest first, for a small chart (one point for a census). */
  series: z.array(PointSchema),
  /** The timeseries page with this variable and county ticked. */
  url: z.string(),
});
export type CountyFigure = z.infer<typeof CountyFigureSchema>;

export const CountyProfileSchema = z.object({ county: CountySchema, figures: z.array(CountyFigureSchema) });
export type CountyProfile = z.infer<typeof CountyProfileSchema>;

/** Every county with its latest value of each headline, in the order of `headlines`. */
export const CountyListSchema = z.object({
  headlines: z.array(z.extend(HeadlineSchema, { date: z.nullable(z.string()) })),
  counties: z.array(z.extend(CountySchema, { values: z.array(z.nullable(PointSchema)) })),
});
export type CountyList = z.infer<typeof CountyListSchema>;

export const CountyParamsSchema = z.object({
  slug: z.string().check(z.maxLength(60), z.regex(/^[a-z0-9-]+$/, key('issue.countySlug'))),
});

/** A fact sheet's language, named in its address so that a printed or shared link keeps it. */
export const FactsheetQuerySchema = z.object({
  lang: z.optional(z.enum(LANGUAGES, { error: key('issue.language') })),
});

/** The 47 county outlines (GeoJSON, longitude/latitude), simplified for drawing in a page. */
export const CountyOutlinesSchema = z.object({
  features: z.array(
    z.object({
      properties: CountySchema,
      geometry: z.discriminatedUnion('type', [
        z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) }),
        z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.array(z.number())))) }),
      ]),
    }),
  ),
});
export type CountyOutlines = z.infer<typeof CountyOutlinesSchema>;

/**
 * The 47 counties as SVG paths in a drawing space `COUNTY_MAP_WIDTH` wide (county-shapes.ts), drawn
 * once by the server: a page's county map hydrates from 47 strings, not thousands of coordinates.
 */
export const CountyMapShapesSchema = z.object({
  height: z.number(),
  shapes: z.array(z.extend(CountySchema, { path: z.string() })),
});
export type CountyMapShapes = z.infer<typeof CountyMapShapesSchema>;
