import { mercatorY } from '@portal/contract/layers';

export { mercatorY };

/** Geographic extent in degrees: west, south, east, north. */
export type Bbox = [west: number, south: number, east: number, north: number];

/** Leaflet's bounds order: [[south, west], [north, east]]. */
export type LatLngBounds = [[number, number], [number, number]];

export const EARTH_RADIUS = 6378137;
/** Web Mercator metres of x in a degree of longitude. */
export const METRES_A_DEGREE = (Math.PI * EARTH_RADIUS) / 180;

/** The latitude of a Web Mercator y. */
export function latitudeOf(y: number): number {
  return (Math.atan(Math.sinh(y)) * 180) / Math.PI;
}

/** Metres of EPSG:3857 for a longitude/latitude, as world files of the rendered images use. */
export function toWebMercatorMetres(lon: number, lat: number): [number, number] {
  return [(lon * Math.PI * EARTH_RADIUS) / 180, mercatorY(lat) * EARTH_RADIUS];
}

export function toLatLngBounds([west, south, east, north]: Bbox): LatLngBounds {
  return [
    [south, west],
    [north, east],
  ];
}

/**
 * Maps longitude/latitude to pixels of an image covering `bbox`, with rows spaced as in Web Mercator.
 * Leaflet stretches an image overlay linearly in Mercator between its bounds, so drawing in this
 * space puts every pixel where the base map expects it.
 */
export function pixelMapper(bbox: Bbox, width: number, height: number) {
  const [west, south, east, north] = bbox;
  const top = mercatorY(north);
  const bottom = mercatorY(south);
  return {
    x: (lon: number) => ((lon - west) / (east - west)) * width,
    y: (lat: number) => ((top - mercatorY(lat)) / (top - bottom)) * height,
    lon: (x: number) => west + (x / width) * (east - west),
    lat: (y: number) => latitudeOf(top - (y / height) * (top - bottom)),
  };
}

/**
 * Image size for an extent: `longSide` pixels along the longer side, the other side in proportion
 * (in Mercator space), never below one pixel.
 */
export function imageSize(bbox: Bbox, longSide: number): { width: number; height: number } {
  const [west, south, east, north] = bbox;
  const w = ((east - west) * Math.PI) / 180;
  const h = mercatorY(north) - mercatorY(south);
  return w >= h
    ? { width: longSide, height: Math.max(1, Math.round((longSide * h) / w)) }
    : { width: Math.max(1, Math.round((longSide * w) / h)), height: longSide };
}
