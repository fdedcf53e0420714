import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { LayerStyle } from '@portal/contract/layers';
import { effectiveStyle, layerBbox, parseLayer, uncategorisedValues } from '@portal/geo/layer';
import type { Bbox } from '@portal/geo/projection';
import type { FeatureFilter } from '@portal/contract/layers';

/** What loading learns from a layer's file: its extent, the style to draw it with and a content hash. */
export interface MeasuredLayer {
  bbox: Bbox;
  style: LayerStyle;
  sha256: string;
}

/**
 * Which styles suit which kind: rasters take a ramp over their values or class colours of their
 * cells; vectors a plain fill, a ramp over a feature property or classes of a feature property.
 * Returns the problem, or undefined.
 */
export function styleProblem(kind: 'raster' | 'vector', style: LayerStyle | undefined): string | undefined {
  if (!style) return undefined;
  if (kind === 'raster') {
    if (style.type === 'fill') return "a raster layer needs a 'ramp' or 'categories' style";
    if (style.property) return `a raster ${style.type === 'ramp' ? 'ramp' : 'categories style'} takes no 'property'`;
    if (style.popup) return "a raster layer has no feature attributes for a 'popup' to list";
    return undefined;
  }
  if (style.type === 'categories' && !style.property) return "vector categories need the 'property' they colour by";
  if (style.type === 'ramp' && !style.property) return "a vector ramp needs the 'property' it colours by";
  return undefined;
}

/**
 * Reads a layer file and checks that it can be drawn: a GeoTIFF in longitude/latitude for rasters,
 * GeoJSON with features (matching the filter) for vectors, each of them in a class when the style
 * colours by categories.
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
  const undrawn = uncategorisedValues(data, style);
  if (undrawn.length)
    throw new Error(
      `the style has no category for the value(s) ${undrawn.map((v) => JSON.stringify(v)).join(', ')}, so those features would not be drawn`,
    );
  return {
    bbox: layerBbox(data),
    style: effectiveStyle(data, style),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
