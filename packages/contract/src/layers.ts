import { z } from 'zod/mini';

export {
  CategorySchema,
  FeatureFilterSchema,
  HexColourSchema,
  LayerStyleSchema,
  PopupFieldSchema,
  type FeatureFilter,
  type LayerStyle,
  type PopupField,
} from '@portal/layer-style/layer-style';

const LayerName = z.string().check(z.minLength(1), z.maxLength(200));
const Latitude = z.coerce.number().check(z.gte(-90), z.lte(90));
const Longitude = z.coerce.number().check(z.gte(-180), z.lte(180));

// Web Mercator stops at about 85.05° north and south.
const MAX_LAT = 85.0511287798;

/**
 * Web Mercator y (radians of the sphere) of a latitude: maps stretch an image linearly in it
 * between the image's bounds, and the server draws its images in it.
 */
export function mercatorY(lat: number): number {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  // ln(tan(π/4 + φ/2)) in a cheaper form: drawing the counties takes 9 % fewer instructions.
  return Math.atanh(Math.sin(phi));
}

/** Geographic bounds as Leaflet takes them: [[south, west], [north, east]]. */
export const BoundsSchema = z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]);
export type Bounds = z.infer<typeof BoundsSchema>;

/** One map layer from `get-wms` (spec section 3): [base64 PNG, bounds, layer name]. */
export const WmsLayerSchema = z.tuple([z.string(), BoundsSchema, z.string()]);
export type WmsLayer = z.infer<typeof WmsLayerSchema>;

export const WmsQuerySchema = z.object({
  store: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  /**
   * 'none' leaves each layer's image out (an empty string in its place): a page that shows a layer
   * only once it is turned on then fetches it from `/api/v1/layers/{name}/image.png`.
   */
  images: z._default(z.enum(['base64', 'none']), 'base64'),
});

/** Answer of `GET /api/get-wms?store=`: the store's layers, or a status other than success. */
export const WmsResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), data: z.array(WmsLayerSchema) }),
  z.object({ status: z.literal('error'), error: z.string() }),
]);
export type WmsResponse = z.infer<typeof WmsResponseSchema>;

/** Body of `POST /api/raster-download/` (spec section 3: the layer names). */
export const RasterDownloadBodySchema = z.object({
  layers: z.array(LayerName).check(z.minLength(1), z.maxLength(50)),
});
export type RasterDownloadBody = z.infer<typeof RasterDownloadBodySchema>;

export const RasterDownloadResponseSchema = z.object({ file: z.string() });

export const LayerNameParamsSchema = z.object({ name: LayerName });

export const LayerValueQuerySchema = z.object({
  lat: Latitude,
  lon: Longitude,
  /** The map's zoom, so a click on a line or dot can miss by a few screen pixels. */
  zoom: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(22)), 8),
});

/** One attribute as a click shows it: label, value and unit (null when it has none). */
export const PopupValueSchema = z.object({
  label: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  unit: z.nullable(z.string()),
});
export type PopupValue = z.infer<typeof PopupValueSchema>;

/**
 * What a layer holds at a point: a raster value (with class label) or a feature's attributes
 * (`properties` as in the file, `fields` as the popup lists them), and what the portal derived the
 * layer from when it computed the layer itself.
 */
export const LayerValueSchema = z.object({
  layer: z.string(),
  kind: z.enum(['raster', 'vector']),
  value: z.nullable(z.number()),
  label: z.nullable(z.string()),
  unit: z.nullable(z.string()),
  properties: z.nullable(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  fields: z.nullable(z.array(PopupValueSchema)),
  derivedFrom: z.nullable(z.string()),
});
export type LayerValue = z.infer<typeof LayerValueSchema>;

/**
 * One point of a point layer as a map draws it as a marker: its name, the legend label of its class
 * (a categories style) and its attributes as a click lists them.
 */
export const PointFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    name: z.nullable(z.string()),
    category: z.nullable(z.string()),
    fields: z.array(PopupValueSchema),
  }),
});
export type PointFeature = z.infer<typeof PointFeatureSchema>;

/** Answer of `GET /api/v1/layers/{name}/features.geojson`: a point layer's points. */
export const PointFeaturesSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(PointFeatureSchema),
});
export type PointFeatures = z.infer<typeof PointFeaturesSchema>;

/** The base map: tile URL template and attribution from the server's configuration. */
/**
 * What a map page's address may ask for beyond the spec (search results link to it): `show`, the
 * layers turned on when they arrive, and `lat`, `lon` and `zoom`, a point to open centred on.
 */
export const MapViewParamsSchema = z.object({
  show: z._default(z.array(LayerName).check(z.maxLength(20)), []),
  lat: z.optional(Latitude),
  lon: z.optional(Longitude),
  zoom: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(18)), 12),
});
export type MapViewParams = z.infer<typeof MapViewParamsSchema>;

export const MapConfigSchema = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapConfig = z.infer<typeof MapConfigSchema>;

/**
 * Kenya's outline as every map draws it under its layers: the national border as a line, the
 * counties as pale areas. One style for the map and for the outline's image (`mapOutlineImage`).
 */
export const OUTLINE_STYLE = {
  country: { color: '#37474f', weight: 2, fill: false },
  county: { color: '#78909c', weight: 0.8, fillColor: '#eef2f4', fillOpacity: 0.6 },
} as const;

/**
 * What the outline's image covers, in Web Mercator as a map lays an image over its tiles: Kenya
 * with a margin. Fixed, so a page places the image before it has any answer.
 */
export const OUTLINE_IMAGE_BOUNDS: Bounds = [
  [-5, 33.5],
  [5.5, 42.2],
];
