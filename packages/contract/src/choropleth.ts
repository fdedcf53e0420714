import { z } from 'zod/mini';
import { CountySchema, DatasetRefSchema, SourceRefSchema } from './counties.ts';
import { CHOROPLETH_CLASSES, CLASS_METHODS } from './choropleth-classes.ts';
import { key } from './messages.ts';
import { PeriodSchema, SourceNameSchema } from './timeseries.ts';

export const ClassMethodSchema = z.enum(CLASS_METHODS, { error: key('choropleth.badMethod') });
export type ClassMethod = z.infer<typeof ClassMethodSchema>;

/** Query of GET /api/v1/choropleth. */
export const ChoroplethQuerySchema = z.object({
  source: SourceNameSchema,
  variable: z
    .string({ error: key('choropleth.noVariable') })
    .check(z.trim(), z.minLength(1, key('choropleth.noVariable')), z.maxLength(200, key('choropleth.noVariable'))),
  /** Start date of the period to show, as stored (YYYY-MM-DD); the latest period when absent. */
  period: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, key('choropleth.badPeriod')))),
  method: z._default(ClassMethodSchema, 'quantile'),
});
export type ChoroplethQuery = z.infer<typeof ChoroplethQuerySchema>;

/**
 * The class breaks, lowest first: class i holds the values from breaks[i] up to, not including,
 * breaks[i + 1]; the last class includes its upper bound. Worked out over every county value of
 * the variable in every period (`scope`), so a colour means the same values in each period.
 */
export const ChoroplethClassesSchema = z.object({
  method: ClassMethodSchema,
  breaks: z.array(z.number()).check(z.minLength(2), z.maxLength(CHOROPLETH_CLASSES + 1)),
  scope: z
    .literal('all-periods')
    .check(
      z.describe(
        'The breaks are worked out over every county value of every period, so a colour means the same values in each period.',
      ),
    ),
  /** How many county values the breaks were worked out from. */
  valueCount: z.int(),
});
export type ChoroplethClasses = z.infer<typeof ChoroplethClassesSchema>;

export const ChoroplethCountySchema = z.extend(CountySchema, {
  /** The county's value in the period shown; null when the data has none. */
  value: z.nullable(z.number()),
  /** Index of the value's class in `breaks` (0 for the lowest); null without a value. */
  class: z.nullable(z.int()),
  /** Place among the counties with a value in the period, 1 for the highest; ties share a place. */
  rank: z.nullable(z.int()),
  /** The source's timeseries page with this variable and county ticked over every period. */
  url: z.string(),
});
export type ChoroplethCounty = z.infer<typeof ChoroplethCountySchema>;

/** The values of one variable in one period at the 47 counties, classed for a map. */
export const ChoroplethSchema = z.object({
  variable: z.object({
    name: z.string(),
    unit: z.string(),
    period: PeriodSchema,
    definition: z.nullable(z.string()),
    /** Key of the catalogue text ('caveat.*') that tells the figure from one it may be taken for; null: none. */
    caveat: z.nullable(z.string()),
  }),
  source: SourceRefSchema,
  dataset: DatasetRefSchema,
  /** Start date of the period shown (YYYY-MM-DD). */
  period: z.string(),
  /** Start dates of every period with county values, oldest first. */
  periods: z.array(z.string()),
  classes: ChoroplethClassesSchema,
  /** The 47 counties by KNBS code. */
  counties: z.array(ChoroplethCountySchema),
  /** Kenya's value in the period, where the data has one. */
  national: z.nullable(z.number()),
  /** How many counties have a value in the period. */
  countiesWithValue: z.int(),
});
export type Choropleth = z.infer<typeof ChoroplethSchema>;

/** A variable a county map can show, named with a source that offers it. */
export const MappableVariableSchema = z.object({
  source: SourceRefSchema,
  name: z.string(),
  unit: z.string(),
  period: PeriodSchema,
  /** Start dates of the first and last period with county values. */
  first: z.string(),
  last: z.string(),
});
export type MappableVariable = z.infer<typeof MappableVariableSchema>;

export const MappableVariableListSchema = z.array(MappableVariableSchema);
