import { describe, expect, it } from 'vitest';
import { parseLayer, renderLayer } from './layer.ts';
import { decodePng } from './png.ts';
import { RasterError, rasterValueAt, readGeoTiff, renderRaster } from './raster.ts';
import type { LayerStyle } from './style.ts';
import { geoTiff } from './test-rasters.ts';

// Two by two cells of one degree just north of the equator: black, white / no data, grey.
const tiff = geoTiff(
  [
    [0, 10],
    [255, 5],
  ],
  { west: 30, north: 2, cell: 1, noData: 255 },
);
const greys: LayerStyle = {
  type: 'ramp',
  unit: 'mm',
  stops: [
    [0, '#000000'],
    [10, '#ffffff'],
  ],
};

function pixel(image: { width: number; pixels: ArrayLike<number> }, x: number, y: number): number[] {
  const at = (y * image.width + x) * 4;
  return Array.from({ length: 4 }, (_, k) => image.pixels[at + k]);
}

describe('readGeoTiff', () => {
  it('reads the grid, its extent and no-data cells', async () => {
    const raster = await readGeoTiff(tiff);
    expect(raster).toMatchObject({ width: 2, height: 2, bbox: [30, 0, 32, 2] });
    expect(Array.from(raster.values)).toEqual([0, 10, Number.NaN, 5]);
    expect(rasterValueAt(raster, 31.5, 1.5)).toBe(10);
    expect(rasterValueAt(raster, 30.5, 0.5)).toBeNull();
    expect(rasterValueAt(raster, 40, 1)).toBeNull();
  });

  it('refuses a projected raster and bytes that are not a GeoTIFF, saying why', async () => {
    const utm = geoTiff([[1]], { west: 500000, north: 9000000, cell: 1000, epsg: 32737 });
    await expect(readGeoTiff(utm)).rejects.toThrow(/projected CRS/);
    await expect(readGeoTiff(new TextEncoder().encode('hello'))).rejects.toThrow(RasterError);
  });
});

describe('renderRaster', () => {
  it('colours each cell through the ramp, enlarged by a whole factor, no data transparent', async () => {
    const image = renderRaster(await readGeoTiff(tiff), greys, 4);
    expect([image.width, image.height]).toEqual([4, 4]);
    expect(pixel(image, 0, 0)).toEqual([0, 0, 0, 255]);
    expect(pixel(image, 3, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(image, 0, 3)).toEqual([0, 0, 0, 0]);
    expect(pixel(image, 3, 3)).toEqual([128, 128, 128, 255]);
  });

  it('gives each class its colour and leaves unlisted classes out', async () => {
    const classes: LayerStyle = {
      type: 'categories',
      categories: [{ value: 10, colour: '#ff0000', label: 'Grasslands' }],
    };
    const image = renderRaster(await readGeoTiff(tiff), classes, 2);
    expect(pixel(image, 1, 0)).toEqual([255, 0, 0, 255]);
    expect(pixel(image, 0, 0)).toEqual([0, 0, 0, 0]);
  });

  it('encodes the same pixels as a PNG with the raster extent', async () => {
    const rendered = await renderLayer(await parseLayer('raster', tiff), greys, 4);
    expect(rendered.bbox).toEqual([30, 0, 32, 2]);
    const png = await decodePng(rendered.png);
    expect([png.width, png.height]).toEqual([4, 4]);
    expect(pixel(png, 3, 3)).toEqual([128, 128, 128, 255]);
    expect(pixel(png, 0, 3)[3]).toBe(0);
  });

  it('spaces rows as Web Mercator does, so far from the equator the northern cell takes fewer rows', async () => {
    // Two cells from 60°N to 80°N: in Mercator the 70-80° band is taller than the 60-70° one.
    const high = geoTiff([[10], [0]], { west: 0, north: 80, cell: 10 });
    const image = renderRaster(await readGeoTiff(high), greys, 100);
    const whiteRows = Array.from({ length: image.height }, (_, y) => pixel(image, 0, y)[0]).filter(
      (v) => v === 255,
    ).length;
    expect(whiteRows).toBeGreaterThan(image.height / 2 + 10);
  });
});
