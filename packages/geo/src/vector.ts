import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import type { FeatureFilter } from '@portal/contract/layers';
import { type Bbox, pixelMapper } from './projection.ts';
import { Canvas, type Path } from './canvas.ts';
import type { IndexedImage } from './png.ts';
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
  const features = all.filter((f) => f?.geometry && (!filter || Object.entries(filter).every(([key, value]) => f.properties?.[key] === value)));
  if (!features.length) throw new VectorError('holds no feature with a geometry' + (filter ? ' matching the filter' : ''));
  const [west, south, east, north] = exactBbox(features);
  if (west < -180 || east > 180 || south < -90 || north > 90) {
    throw new VectorError(`coordinates reach ${west}, ${south}, ${east}, ${north}: not longitude/latitude (reproject to EPSG:4326 first)`);
  }
  return features;
}

/** The shortest side of a vector layer's extent, in degrees. */
const MIN_SPAN = 1;

function eachPosition(geometry: Geometry, visit: (p: Position) => void): void {
  switch (geometry.type) {
    case 'Point':
      return visit(geometry.coordinates);
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates.forEach(visit);
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.forEach((line) => line.forEach(visit));
    case 'MultiPolygon':
      return geometry.coordinates.forEach((polygon) => polygon.forEach((ring) => ring.forEach(visit)));
    case 'GeometryCollection':
      return geometry.geometries.forEach((g) => eachPosition(g, visit));
  }
}

/** The smallest box holding every position of the features. */
function exactBbox(features: Feature[]): Bbox {
  const box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const feature of features) {
    if (!feature.geometry) continue;
    eachPosition(feature.geometry, ([lon, lat]) => {
      box[0] = Math.min(box[0], lon);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lon);
      box[3] = Math.max(box[3], lat);
    });
  }
  return box;
}

/**
 * The extent a vector layer is drawn over. A side shorter than a degree is widened to one degree
 * around its middle: a lone point or a small cluster then opens at a regional zoom, with some
 * surroundings, instead of a street-level view of a dot.
 */
export function featuresBbox(features: Feature[]): Bbox {
  const box = exactBbox(features);
  const widen = (low: number, high: number) => (high - low >= MIN_SPAN ? [low, high] : [(low + high - MIN_SPAN) / 2, (low + high + MIN_SPAN) / 2]);
  [box[0], box[2]] = widen(box[0], box[2]);
  [box[1], box[3]] = widen(box[1], box[3]);
  return box;
}

/** A box grown by a share of its size on every side, so dots and lines at the edge are not cut. */
export function padBbox([west, south, east, north]: Bbox, share = 0.02): Bbox {
  const dx = (east - west) * share;
  const dy = (north - south) * share;
  return [Math.max(-180, west - dx), Math.max(-85, south - dy), Math.min(180, east + dx), Math.min(85, north + dy)];
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
export function renderVector(features: Feature[], style: LayerStyle, bbox: Bbox, width: number, height: number): IndexedImage {
  const toPixels = pathMaker(bbox, width, height);
  const look = drawing(style);
  const canvas = new Canvas(width, height);
  const outlines: Path[] = [];

  const draw = (geometry: Geometry, colour: Rgba) => {
    switch (geometry.type) {
      case 'Point':
      case 'MultiPoint': {
        const points = toPixels(geometry.type === 'Point' ? [geometry.coordinates] : geometry.coordinates);
        for (let i = 0; i < points.length; i += 2) canvas.dot(points[i], points[i + 1], look.radius, colour, look.rimWidth, look.stroke);
        return;
      }
      case 'LineString':
      case 'MultiLineString': {
        const lines = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
        canvas.strokeLines(lines.map(toPixels), look.lineWidth, look.lineColour(colour));
        return;
      }
      case 'Polygon':
      case 'MultiPolygon': {
        const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
        const rings = polygons.flat().map(toPixels);
        canvas.fillRings(rings, colour, look.fillOpacity);
        outlines.push(...rings);
        return;
      }
      case 'GeometryCollection':
        geometry.geometries.forEach((g) => draw(g, colour));
    }
  };
  for (const feature of features) {
    if (!feature.geometry) continue;
    const colour = featureColour(style, feature.properties);
    if (colour) draw(feature.geometry, colour);
  }
  canvas.strokeLines(outlines, look.outlineWidth, look.stroke, true);
  return canvas.image();
}

/** Makes paths in pixels of positions. */
function pathMaker(bbox: Bbox, width: number, height: number) {
  const map = pixelMapper(bbox, width, height);
  return (positions: Position[]): Path => {
    const path = new Float64Array(positions.length * 2);
    for (let i = 0; i < positions.length; i++) {
      path[2 * i] = map.x(positions[i][0]);
      path[2 * i + 1] = map.y(positions[i][1]);
    }
    return path;
  };
}
