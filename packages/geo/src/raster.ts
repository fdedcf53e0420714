import { fromArrayBuffer } from 'geotiff';
import type { Bbox } from './projection.ts';
import { pixelMapper } from './projection.ts';
import { colourFor, type LayerStyle } from './style.ts';

/** The first band of a georeferenced GeoTIFF in geographic coordinates. */
export interface Raster {
  width: number;
  height: number;
  bbox: Bbox;
  /** Row-major values of band 1; NaN where the file says no data. */
  values: Float64Array;
}

/** A GeoTIFF the portal cannot show; the message says why. */
export class RasterError extends Error {}

const WGS84 = 4326;

/**
 * Reads band 1 of a GeoTIFF in longitude/latitude (EPSG:4326, the CRS of every shipped raster).
 * @throws RasterError when the file is not a GeoTIFF, has no georeferencing or another CRS.
 */
export async function readGeoTiff(bytes: Uint8Array): Promise<Raster> {
  let image;
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    image = await (await fromArrayBuffer(buffer)).getImage();
  } catch (error) {
    throw new RasterError(`not a readable GeoTIFF (${(error as Error).message})`);
  }
  const keys = image.getGeoKeys();
  if (!keys) throw new RasterError('the GeoTIFF has no georeferencing (no GeoKeys)');
  if (keys.ProjectedCSTypeGeoKey || keys.GTModelTypeGeoKey === 1) {
    throw new RasterError('the GeoTIFF is in a projected CRS; reproject it to longitude/latitude (EPSG:4326) first');
  }
  if (keys.GeographicTypeGeoKey !== undefined && keys.GeographicTypeGeoKey !== WGS84) {
    throw new RasterError(
      `the GeoTIFF uses geographic CRS EPSG:${keys.GeographicTypeGeoKey}; only EPSG:4326 is supported`,
    );
  }
  let bbox: Bbox;
  try {
    bbox = image.getBoundingBox() as Bbox;
  } catch {
    throw new RasterError('the GeoTIFF has no tie point or pixel scale, so its position is unknown');
  }
  if (bbox[0] < -180.5 || bbox[2] > 360.5 || bbox[1] < -90.5 || bbox[3] > 90.5) {
    throw new RasterError(`the GeoTIFF's extent ${bbox.join(', ')} is not in degrees of longitude/latitude`);
  }
  const [band] = await image.readRasters({ samples: [0], interleave: false });
  const noData = image.getGDALNoData();
  const values = Float64Array.from(band as ArrayLike<number>, (v) => (v === noData ? Number.NaN : v));
  return { width: image.getWidth(), height: image.getHeight(), bbox, values };
}

/** The smallest and largest value of a raster, ignoring no-data cells. */
export function valueRange(raster: Raster): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const v of raster.values) {
    if (Number.isNaN(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return [min, max];
}

/** The raster's value at a longitude/latitude, or null outside it or on no data. */
export function rasterValueAt(raster: Raster, lon: number, lat: number): number | null {
  const [west, south, east, north] = raster.bbox;
  if (lon < west || lon >= east || lat <= south || lat > north) return null;
  const col = Math.floor(((lon - west) / (east - west)) * raster.width);
  const row = Math.floor(((north - lat) / (north - south)) * raster.height);
  const value = raster.values[row * raster.width + col];
  return Number.isNaN(value) ? null : value;
}

/**
 * Colours a raster into RGBA pixels. Cells are enlarged by a whole factor so that the image's long
 * side reaches about `longSide` pixels and cells stay sharp-edged; rows are resampled to Web Mercator
 * spacing so the image lines up with the base map. No-data and unstyled values are transparent.
 */
export function renderRaster(raster: Raster, style: LayerStyle, longSide = 1024) {
  const scale = Math.max(1, Math.floor(longSide / Math.max(raster.width, raster.height)));
  const width = raster.width * scale;
  const height = raster.height * scale;
  const map = pixelMapper(raster.bbox, width, height);
  const [, south, , north] = raster.bbox;
  // Colour each cell once, packed as 32-bit RGBA (0 = transparent), then copy cells into pixels.
  const rgba = new Uint8Array(4);
  const packed = new Uint32Array(rgba.buffer);
  const cells = new Uint32Array(raster.values.length);
  const byValue = new Map<number, number>();
  raster.values.forEach((value, i) => {
    let colour = byValue.get(value);
    if (colour === undefined) {
      const found = Number.isNaN(value) ? undefined : colourFor(style, value);
      if (found) rgba.set(found);
      colour = found ? packed[0] : 0;
      byValue.set(value, colour);
    }
    cells[i] = colour;
  });
  const out = new Uint32Array(width * height);
  for (let y = 0; y < height; y++) {
    const lat = map.lat(y + 0.5);
    const row = Math.min(raster.height - 1, Math.floor(((north - lat) / (north - south)) * raster.height));
    const from = row * raster.width;
    for (let x = 0; x < width; x++) out[y * width + x] = cells[from + Math.floor(x / scale)];
  }
  const pixels = new Uint8ClampedArray(out.buffer);
  return { width, height, pixels };
}
