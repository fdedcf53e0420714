// The extent of vector features, in degrees.
import type { Feature, Geometry, Position } from 'geojson';
import type { Bbox } from './projection.ts';

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
export function exactBbox(features: Feature[]): Bbox {
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
  const widen = (low: number, high: number) =>
    high - low >= MIN_SPAN ? [low, high] : [(low + high - MIN_SPAN) / 2, (low + high + MIN_SPAN) / 2];
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
