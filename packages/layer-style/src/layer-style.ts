import { z } from 'zod/mini';

/*
 * How a map layer is drawn, kept in the database as JSON: the database package validates what it
 * reads with these schemas and the contract hands them to the web app, so both import this small
 * package rather than one another (ADR 0011).
 */

const NonEmpty = z.string().check(z.minLength(1));
const Unit = z.string().check(z.maxLength(40));
/** A dot's radius in pixels. */
const Radius = z.number().check(z.gte(1), z.lte(30));

/** A colour as '#rrggbb', the one form the map renderer reads. */
export const HexColourSchema = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "must be a colour written '#rrggbb'"));

/** One attribute a click on a vector feature lists: the property, the label shown and its unit. */
export const PopupFieldSchema = z.object({
  property: NonEmpty,
  label: z.string().check(z.minLength(1), z.maxLength(60)),
  unit: z.optional(Unit),
});
export type PopupField = z.infer<typeof PopupFieldSchema>;

/** The attributes a click lists, in this order; without them a click lists the feature's first attributes. */
const popup = z.optional(z.array(PopupFieldSchema).check(z.minLength(1), z.maxLength(20)));

/** A class of a categories style: a raster cell value, or a value of the feature property coloured by. */
export const CategorySchema = z.object({
  value: z.union([z.number(), NonEmpty]),
  colour: HexColourSchema,
  label: NonEmpty,
});

/**
 * How a layer is presented; the server's renderer, the page's legend and the click popup read the
 * same description.
 * - ramp: values coloured between stops (a raster band, or a vector `property` for a choropleth);
 * - categories: one colour per class value (raster cells such as land cover, or a vector `property`
 *   such as a project's status);
 * - fill: plain vector style (fill and stroke colours).
 * `radius` sizes the dots of point features; `popup` names the attributes a click lists.
 */
export const LayerStyleSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ramp'),
    stops: z.array(z.tuple([z.number(), HexColourSchema])).check(
      z.minLength(2, 'a ramp needs at least two stops'),
      z.refine((stops) => stops.every((stop, i) => i === 0 || stop[0] > stops[i - 1][0]), 'ramp stops must rise'),
    ),
    unit: Unit,
    property: z.optional(NonEmpty),
    popup,
  }),
  z
    .object({
      type: z.literal('categories'),
      categories: z.array(CategorySchema).check(
        z.minLength(1),
        z.refine(
          (categories) => new Set(categories.map((c) => c.value)).size === categories.length,
          'each category value may appear only once',
        ),
      ),
      property: z.optional(NonEmpty),
      radius: z.optional(Radius),
      popup,
    })
    // Raster cells hold numbers; only a feature property can hold text such as 'proposed'.
    .check(
      z.refine((style) => style.property !== undefined || style.categories.every((c) => typeof c.value === 'number'), {
        message: "text category values need the feature 'property' they are read from",
        path: ['categories'],
      }),
    ),
  z.object({
    type: z.literal('fill'),
    fill: HexColourSchema,
    stroke: HexColourSchema,
    fillOpacity: z.optional(z.number().check(z.gte(0), z.lte(1))),
    strokeWidth: z.optional(z.number().check(z.gte(0), z.lte(20))),
    radius: z.optional(Radius),
    popup,
  }),
]);
export type LayerStyle = z.infer<typeof LayerStyleSchema>;

/** Property values a vector feature must have to belong to a layer (one file may hold several layers). */
export const FeatureFilterSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type FeatureFilter = z.infer<typeof FeatureFilterSchema>;
