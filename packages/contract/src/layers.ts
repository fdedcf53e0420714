import { z } from 'zod';

/** A colour as '#rrggbb'; styles end up inside SVG, so nothing else is accepted. */
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

/** Geographic bounds as Leaflet takes them: [[south, west], [north, east]]. */
export const BoundsSchema = z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]);
export type Bounds = z.infer<typeof BoundsSchema>;

/** One map layer from `get-wms` (spec section 3): [base64 PNG, bounds, layer name]. */
export const WmsLayerSchema = z.tuple([z.string(), BoundsSchema, z.string()]);
export type WmsLayer = z.infer<typeof WmsLayerSchema>;

export const WmsQuerySchema = z.object({ store: z.string().trim().min(1).max(200) });

/** Answer of `GET /api/get-wms?store=`: the store's layers, or a status other than success. */
export const WmsResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), data: z.array(WmsLayerSchema) }),
  z.object({ status: z.literal('error'), error: z.string() }),
]);
export type WmsResponse = z.infer<typeof WmsResponseSchema>;

/** Body of `POST /api/raster-download/` (spec section 3: the layer names). */
export const RasterDownloadBodySchema = z.object({
  layers: z.array(z.string().min(1).max(200)).min(1, 'name at least one layer').max(50),
});
export type RasterDownloadBody = z.infer<typeof RasterDownloadBodySchema>;

export const RasterDownloadResponseSchema = z.object({ file: z.string() });

export const LayerNameParamsSchema = z.object({ name: z.string().min(1).max(200) });

export const LayerValueQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  /** The map's zoom, so a click on a line or dot can miss by a few screen pixels. */
  zoom: z.coerce.number().int().min(0).max(22).default(8),
});

/** One attribute as a click shows it: label, value and unit (null when it has none). */
export const PopupValueSchema = z.object({ label: z.string(), value: z.union([z.string(), z.number(), z.boolean()]), unit: z.string().nullable() });
export type PopupValue = z.infer<typeof PopupValueSchema>;

/**
 * What a layer holds at a point: a raster value (with class label) or a feature's attributes
 * (`properties` as in the file, `fields` as the popup lists them), and what the portal derived the
 * layer from when it computed the layer itself.
 */
export const LayerValueSchema = z.object({
  layer: z.string(),
  kind: z.enum(['raster', 'vector']),
  value: z.number().nullable(),
  label: z.string().nullable(),
  unit: z.string().nullable(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  fields: z.array(PopupValueSchema).nullable(),
  derivedFrom: z.string().nullable(),
});
export type LayerValue = z.infer<typeof LayerValueSchema>;

/** The base map: tile URL template and attribution from the server's configuration. */
export const MapConfigSchema = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapConfig = z.infer<typeof MapConfigSchema>;
