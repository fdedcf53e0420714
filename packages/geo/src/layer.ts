import type { Feature } from 'geojson';
import { encodeIndexedPng, encodePng } from './png.ts';
import { type Bbox, imageSize } from './projection.ts';
import { type Raster, rasterValueAt, readGeoTiff, renderRaster, valueRange } from './raster.ts';
import { categoryLabel, DEFAULT_FILL, defaultRamp, featureValue, type LayerStyle } from './style.ts';
import { featureAt } from './hit.ts';
import type { FeatureFilter } from '@portal/contract/layers';
import { featuresBbox, padBbox } from './extent.ts';
import { prepareShapes, type VectorShapes } from './shapes.ts';
import { readGeoJson, renderShapes } from './vector.ts';

/**
 * A layer's file, parsed: the raster grid, or the vector features and, once made ready to draw
 * (`prepareLayer`), their shapes.
 */
export type LayerData =
  { kind: 'raster'; raster: Raster } | { kind: 'vector'; features: Feature[]; shapes?: VectorShapes };

/** A rendered layer: the PNG and the extent it covers. */
export interface RenderedLayer {
  png: Buffer;
  bbox: Bbox;
  width: number;
  height: number;
}

/** Parses a layer file (GeoTIFF for rasters, GeoJSON for vectors); throws RasterError or VectorError. */
export async function parseLayer(
  kind: 'raster' | 'vector',
  bytes: Uint8Array,
  featureFilter?: FeatureFilter | null,
): Promise<LayerData> {
  if (kind === 'raster') return { kind, raster: await readGeoTiff(bytes) };
  return { kind, features: readGeoJson(Buffer.from(bytes).toString('utf8'), featureFilter) };
}

/**
 * A parsed layer ready to be drawn many times: a vector layer's features projected and their shared
 * borders found once (`prepareShapes`), for a layer kept in memory. Parsing alone leaves that out,
 * as a file only checked is never drawn.
 */
export function prepareLayer(data: LayerData): LayerData {
  return data.kind === 'vector' && !data.shapes ? { ...data, shapes: prepareShapes(data.features) } : data;
}

/** The extent a layer's image covers: the raster grid, or the features with a small margin. */
export function layerBbox(data: LayerData): Bbox {
  if (data.kind === 'raster') return data.raster.bbox;
  return padBbox(data.shapes?.bbox ?? featuresBbox(data.features));
}

/** The style to draw with: the layer's own, or a default for its kind. */
export function effectiveStyle(data: LayerData, style: LayerStyle | null | undefined): LayerStyle {
  if (style) return style;
  return data.kind === 'raster' ? defaultRamp(...valueRange(data.raster)) : DEFAULT_FILL;
}

/**
 * Renders a layer to PNG with about `longSide` pixels on its longer side.
 * @example const { png, bbox } = await renderLayer(await parseLayer('vector', bytes), style);
 */
export async function renderLayer(
  data: LayerData,
  style: LayerStyle | null | undefined,
  longSide = 1024,
): Promise<RenderedLayer> {
  const drawn = effectiveStyle(data, style);
  const bbox = layerBbox(data);
  if (data.kind === 'raster') {
    const image = renderRaster(data.raster, drawn, longSide);
    return { png: await encodePng(image), bbox, width: image.width, height: image.height };
  }
  const { width, height } = imageSize(bbox, longSide);
  const shapes = data.shapes ?? prepareShapes(data.features);
  return { png: await encodeIndexedPng(renderShapes(shapes, drawn, bbox, width, height)), bbox, width, height };
}

export type LayerValue =
  | { kind: 'raster'; value: number | null; label: string | null }
  | { kind: 'vector'; properties: Record<string, unknown> | null; label: string | null };

/**
 * What a layer holds at a longitude/latitude: the raster value (with its class label for
 * categorised rasters) or the properties of the feature there, within `tolerance` degrees (with the
 * label of its class when the layer is coloured by categories).
 */
export function layerValueAt(
  data: LayerData,
  style: LayerStyle | null | undefined,
  lon: number,
  lat: number,
  tolerance: number,
): LayerValue {
  if (data.kind === 'raster') {
    const value = rasterValueAt(data.raster, lon, lat);
    return { kind: 'raster', value, label: categoryLabel(style, value) };
  }
  const feature = featureAt(data.features, lon, lat, tolerance);
  if (!feature) return { kind: 'vector', properties: null, label: null };
  return {
    kind: 'vector',
    properties: { ...(feature.properties ?? {}) },
    label: style ? categoryLabel(style, featureValue(style, feature.properties)) : null,
  };
}

/**
 * The values of a vector layer's features that its categories give no colour, so a catalogue
 * check can refuse a style that would leave features undrawn. Empty for other styles.
 */
export function uncategorisedValues(data: LayerData, style: LayerStyle | null | undefined): (string | number | null)[] {
  if (data.kind !== 'vector' || style?.type !== 'categories') return [];
  const known = new Set(style.categories.map((c) => c.value));
  const missing = data.features
    .map((f) => featureValue(style, f.properties) ?? null)
    .filter((value) => value === null || !known.has(value));
  return [...new Set(missing)];
}
