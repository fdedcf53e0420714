import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { LayerStyle } from '@portal/contract/layers';
import { effectiveStyle, layerBbox, parseLayer } from '@portal/geo/layer';
import type { Bbox } from '@portal/geo/projection';
import type { FeatureFilter } from '@portal/geo/vector';

/** What loading learns from a layer's file: its extent, the style to draw it with and a content hash. */
export interface MeasuredLayer {
  bbox: Bbox;
  style: LayerStyle;
  sha256: string;
}

/**
 * Which styles suit which kind: rasters take a ramp over their values or class colours; vectors a
 * plain fill or a ramp over a feature property. Returns the problem, or undefined.
 */
export function styleProblem(kind: 'raster' | 'vector', style: LayerStyle | undefined): string | undefined {
  if (!style) return undefined;
  if (kind === 'raster' && style.type === 'fill') return "a raster layer needs a 'ramp' or 'categories' style";
  if (kind === 'raster' && style.type === 'ramp' && style.property) return "a raster ramp takes no 'property'";
  if (kind === 'vector' && style.type === 'categories') return "a vector layer needs a 'fill' style or a 'ramp' with a 'property'";
  if (kind === 'vector' && style.type === 'ramp' && !style.property) return "a vector ramp needs the 'property' it colours by";
  return undefined;
}

/**
 * Reads a layer file and checks that it can be drawn: a GeoTIFF in longitude/latitude for rasters,
 * GeoJSON with features (matching the filter) for vectors.
 * @throws Error whose message says what is wrong with the file.
 */
export async function measureLayerFile(
  path: string,
  kind: 'raster' | 'vector',
  featureFilter: FeatureFilter | null | undefined,
  style: LayerStyle | null | undefined,
): Promise<MeasuredLayer> {
  const bytes = await readFile(path);
  const data = await parseLayer(kind, bytes, featureFilter);
  return { bbox: layerBbox(data), style: effectiveStyle(data, style), sha256: createHash('sha256').update(bytes).digest('hex') };
}
