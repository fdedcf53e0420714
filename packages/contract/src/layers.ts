import { z } from 'zod';

/** A colour as '#rrggbb'; styles end up inside SVG, so nothing else is accepted. */
export const HexColourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour written '#rrggbb'");

/**
 * How a layer is drawn; the server's renderer and the page's legend read the same description.
 * - ramp: values coloured between stops (a raster band, or a vector `property` for a choropleth);
 * - categories: one colour per class value (land cover);
 * - fill: plain vector style (fill and stroke colours).
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
  }),
  z.object({
    type: z.literal('categories'),
    categories: z.array(z.object({ value: z.number(), colour: HexColourSchema, label: z.string().min(1) })).min(1),
  }),
  z.object({
    type: z.literal('fill'),
    fill: HexColourSchema,
    stroke: HexColourSchema,
    fillOpacity: z.number().min(0).max(1).optional(),
    strokeWidth: z.number().min(0).max(20).optional(),
    radius: z.number().min(1).max(30).optional(),
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

/** What a layer holds at a point: a raster value (with class label) or a feature's attributes. */
export const LayerValueSchema = z.object({
  layer: z.string(),
  kind: z.enum(['raster', 'vector']),
  value: z.number().nullable(),
  label: z.string().nullable(),
  unit: z.string().nullable(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});
export type LayerValue = z.infer<typeof LayerValueSchema>;

/** The base map: tile URL template and attribution from the server's configuration. */
export const MapConfigSchema = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapConfig = z.infer<typeof MapConfigSchema>;
