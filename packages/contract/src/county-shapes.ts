import type { CountyMapShapes, CountyOutlines } from './counties.ts';

/** Width of the map's drawing space; its height follows Kenya's shape. */
export const COUNTY_MAP_WIDTH = 600;

/**
 * The outlines as SVG paths. At Kenya's latitudes (5° N to 5° S) a plain longitude/latitude grid
 * with north up differs from Web Mercator by under 0.4 %, so no projection library is needed.
 */
export function countyShapes(outlines: CountyOutlines): CountyMapShapes {
  const rings = outlines.features.flatMap((f) =>
    f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat(),
  );
  const points = rings.flat();
  const west = Math.min(...points.map((p) => p[0]));
  const east = Math.max(...points.map((p) => p[0]));
  const south = Math.min(...points.map((p) => p[1]));
  const north = Math.max(...points.map((p) => p[1]));
  const scale = COUNTY_MAP_WIDTH / (east - west);
  const ring = (r: number[][]) =>
    `M${r.map(([lon, lat]) => `${((lon - west) * scale).toFixed(1)},${((north - lat) * scale).toFixed(1)}`).join('L')}Z`;
  const shapes = outlines.features.map((f) => {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    return { ...f.properties, path: polygons.flatMap((polygon) => polygon.map(ring)).join('') };
  });
  return { shapes, height: Math.ceil((north - south) * scale) };
}
