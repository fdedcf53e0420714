import type { Feature, Geometry, Position } from 'geojson';

function inRing(ring: Position[], lon: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function segmentDistance([lon, lat]: Position, [x1, y1]: Position, [x2, y2]: Position): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = dx || dy ? Math.max(0, Math.min(1, ((lon - x1) * dx + (lat - y1) * dy) / (dx * dx + dy * dy))) : 0;
  return Math.hypot(lon - (x1 + t * dx), lat - (y1 + t * dy));
}

/** Distance in degrees from a point to a geometry; 0 inside a polygon. */
function distanceTo(geometry: Geometry, p: Position): number {
  switch (geometry.type) {
    case 'Point':
      return Math.hypot(p[0] - geometry.coordinates[0], p[1] - geometry.coordinates[1]);
    case 'MultiPoint':
      return Math.min(...geometry.coordinates.map((c) => Math.hypot(p[0] - c[0], p[1] - c[1])));
    case 'LineString':
    case 'MultiLineString': {
      const lines = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
      let best = Infinity;
      for (const l of lines)
        for (let i = 1; i < l.length; i++) best = Math.min(best, segmentDistance(p, l[i - 1], l[i]));
      return best;
    }
    case 'Polygon':
    case 'MultiPolygon': {
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      // Even-odd over all rings: a point in a hole is outside.
      const crossings = polygons.flat().filter((ring) => inRing(ring, p[0], p[1])).length;
      return crossings % 2 === 1 ? 0 : Infinity;
    }
    case 'GeometryCollection':
      return Math.min(...geometry.geometries.map((g) => distanceTo(g, p)));
  }
}

/**
 * The feature under a longitude/latitude: the polygon containing it, or the nearest point or line
 * within `tolerance` degrees (a click rarely lands exactly on a line).
 */
export function featureAt(features: Feature[], lon: number, lat: number, tolerance: number): Feature | undefined {
  let best: Feature | undefined;
  let bestDistance = tolerance;
  for (const feature of features) {
    if (!feature.geometry) continue;
    const d = distanceTo(feature.geometry, [lon, lat]);
    if (d === 0) return feature;
    if (d <= bestDistance) {
      best = feature;
      bestDistance = d;
    }
  }
  return best;
}
