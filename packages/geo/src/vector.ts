import type { Feature, FeatureCollection } from 'geojson';
import type { FeatureFilter } from '@portal/contract/layers';
import { Canvas, type Path, type Placement } from './canvas.ts';
import { exactBbox } from './extent.ts';
import type { IndexedImage } from './png.ts';
import { type Bbox, EARTH_RADIUS, METRES_A_DEGREE, mercatorY } from './projection.ts';
import { prepareShapes, type VectorShapes } from './shapes.ts';
import { featureColour, type LayerStyle, parseColour, type Rgba } from './style.ts';

/** A GeoJSON file the portal cannot show; the message says why. */
export class VectorError extends Error {}

/**
 * The features of a GeoJSON text that match `filter` (every listed property equal), checked to be
 * in longitude/latitude.
 * @throws VectorError when the text is not GeoJSON, holds no feature, or has projected coordinates.
 */
export function readGeoJson(text: string, filter?: FeatureFilter | null): Feature[] {
  let data: FeatureCollection | Feature;
  try {
    // Checked below: a FeatureCollection or a Feature, in longitude/latitude.
    data = JSON.parse(text) as FeatureCollection | Feature;
  } catch (error) {
    throw new VectorError(`not JSON (${(error as Error).message})`);
  }
  const all = data?.type === 'FeatureCollection' ? data.features : data?.type === 'Feature' ? [data] : undefined;
  if (!Array.isArray(all)) throw new VectorError("not GeoJSON: expected a 'FeatureCollection' or a 'Feature'");
  const features = all.filter(
    (f) => f?.geometry && (!filter || Object.entries(filter).every(([key, value]) => f.properties?.[key] === value)),
  );
  if (!features.length)
    throw new VectorError('holds no feature with a geometry' + (filter ? ' matching the filter' : ''));
  const [west, south, east, north] = exactBbox(features);
  if (west < -180 || east > 180 || south < -90 || north > 90) {
    throw new VectorError(
      `coordinates reach ${west}, ${south}, ${east}, ${north}: not longitude/latitude (reproject to EPSG:4326 first)`,
    );
  }
  return features;
}

/** How a style draws each kind of geometry, in pixels. */
function drawing(style: LayerStyle) {
  const fill = style.type === 'fill' ? style : undefined;
  const radius = (style.type === 'ramp' ? undefined : style.radius) ?? 4;
  const strokeWidth = fill?.strokeWidth ?? 1.5;
  return {
    stroke: parseColour(fill?.stroke ?? '#ffffff'),
    // Lines of a plain fill take its stroke colour; classed lines take their class's colour.
    lineColour: (colour: Rgba) => (fill ? parseColour(fill.stroke) : colour),
    lineWidth: strokeWidth,
    outlineWidth: strokeWidth / 2,
    fillOpacity: fill?.fillOpacity ?? (fill ? 0.5 : 0.85),
    radius,
    // Fitted to the map, an image shows at a fraction of its size (about a third on a 32rem map), so
    // a large dot needs a rim wider than a pixel to stay outlined.
    rimWidth: Math.max(1, radius / 5),
  };
}

/**
 * Draws features on a transparent image of `width` × `height` pixels covering `bbox` (rows in Web
 * Mercator spacing): polygons filled (holes cut by the even-odd rule), lines stroked with round
 * joins, points as dots with a rim, and last the outlines of every polygon, as one shape: a border
 * two polygons share is drawn once, over both fills, so neither tints it. A ramp colours each feature by its numeric
 * `property` (a choropleth), categories by the class its `property` names (text such as a status,
 * or numbers); features without a colour are left out.
 */
export function renderVector(
  features: Feature[],
  style: LayerStyle,
  bbox: Bbox,
  width: number,
  height: number,
): IndexedImage {
  return renderShapes(prepareShapes(features), style, bbox, width, height);
}

/** As renderVector, from features prepared once (`prepareShapes`) and drawn any number of times. */
export function renderShapes(
  shapes: VectorShapes,
  style: LayerStyle,
  bbox: Bbox,
  width: number,
  height: number,
): IndexedImage {
  const look = drawing(style);
  const canvas = new Canvas(width, height, placement(bbox, width, height));
  const drawn = new Uint8Array(shapes.features.length);
  shapes.features.forEach((feature, i) => {
    const colour = featureColour(style, feature.properties);
    if (!colour) return;
    drawn[i] = 1;
    for (const part of feature.parts) {
      if (part.kind === 'rings') canvas.fillRings(part.rings, colour, look.fillOpacity);
      else if (part.kind === 'lines') canvas.strokeLines(part.lines, look.lineWidth, look.lineColour(colour));
      else
        for (let k = 0; k < part.points.length; k += 2)
          canvas.dot(part.points[k], part.points[k + 1], look.radius, colour, look.rimWidth, look.stroke);
    }
  });
  // A stretch of border an earlier drawn feature has is stroked with that feature's outline.
  const outlines: Path[] = [];
  shapes.features.forEach((feature, i) => {
    if (!drawn[i]) return;
    for (const { path, sharedWith } of feature.outlines) if (sharedWith < 0 || !drawn[sharedWith]) outlines.push(path);
  });
  canvas.strokeLines(outlines, look.outlineWidth, look.stroke);
  return canvas.image();
}

/** Where Web Mercator metres fall on an image covering `bbox`. */
function placement([west, south, east, north]: Bbox, width: number, height: number): Placement {
  const left = west * METRES_A_DEGREE;
  const right = east * METRES_A_DEGREE;
  const top = mercatorY(north) * EARTH_RADIUS;
  const bottom = mercatorY(south) * EARTH_RADIUS;
  const scaleX = width / (right - left);
  const scaleY = -height / (top - bottom);
  return { scaleX, offsetX: -left * scaleX, scaleY, offsetY: -top * scaleY };
}
