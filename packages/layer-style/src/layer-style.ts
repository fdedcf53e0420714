import { z } from 'zod';

/*
 * How a map layer is drawn, kept in the database as JSON: the database package validates what it
 * reads with these schemas and the contract hands them to the web app, so both import this small
 * package rather than one another (ADR 0011).
 */

/** A colour as '#rrggbb', the one form the map renderer reads. */
export const HexColourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour written '#rrggbb'");

/** One attribute a click on a vector feature lists: the property, the label shown and its unit. */
export const PopupFieldSchema = z.object({
  property: z.string().min(1),
  label: z.string().min(1).max(60),
  unit: z.string().max(40).optional(),
});
export type PopupField = z.infer<typeof PopupFieldSchema>;

/** The attributes a click lists, in this order; without them a click lists the feature's first attributes. */
const popup = z.array(PopupFieldSchema).min(1).max(20).optional();

/** A class of a categories style: a raster cell value, or a value of the feature property coloured by. */
export const CategorySchema = z.object({ value: z.union([z.number(), z.string().min(1)]), colour: HexColourSchema, label: z.string().min(1) });

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
    stops: z
      .array(z.tuple([z.number(), HexColourSchema]))
      .min(2, 'a ramp needs at least two stops')
      .refine((stops) => stops.every((stop, i) => i === 0 || stop[0] > stops[i - 1][0]), 'ramp stops must rise'),
    unit: z.string().max(40),
    property: z.string().min(1).optional(),
    popup,
  }),
  z
    .object({
      type: z.literal('categories'),
      categories: z
        .array(CategorySchema)
        .min(1)
        .refine((categories) => new Set(categories.map((c) => c.value)).size === categories.length, 'each category value may appear only once'),
      property: z.string().min(1).optional(),
      radius: z.number().min(1).max(30).optional(),
      popup,
    })
    // Raster cells hold numbers; only a feature property can hold text such as 'proposed'.
    .refine((style) => style.property !== undefined || style.categories.every((c) => typeof c.value === 'number'), {
      message: "text category values need the feature 'property' they are read from",
      path: ['categories'],
    }),
  z.object({
    type: z.literal('fill'),
    fill: HexColourSchema,
    stroke: HexColourSchema,
    fillOpacity: z.number().min(0).max(1).optional(),
    strokeWidth: z.number().min(0).max(20).optional(),
    radius: z.number().min(1).max(30).optional(),
    popup,
  }),
]);
export type LayerStyle = z.infer<typeof LayerStyleSchema>;

/** Property values a vector feature must have to belong to a layer (one file may hold several layers). */
export const FeatureFilterSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type FeatureFilter = z.infer<typeof FeatureFilterSchema>;
