import { writeArrayBuffer } from 'geotiff';

/**
 * A small GeoTIFF in longitude/latitude for tests: `rows` of values, the top-left corner at
 * (west, north), square cells of `cell` degrees, `noData` marking empty cells.
 * @example geoTiff([[0, 10], [255, 5]], { west: 0, north: 2, cell: 1, noData: 255 })
 */
export function geoTiff(
  rows: number[][],
  {
    west,
    north,
    cell,
    noData,
    epsg = 4326,
  }: { west: number; north: number; cell: number; noData?: number; epsg?: number },
): Uint8Array {
  const projected = epsg !== 4326;
  const buffer = writeArrayBuffer(rows.flat(), {
    height: rows.length,
    width: rows[0].length,
    ModelPixelScale: [cell, cell, 0],
    ModelTiepoint: [0, 0, 0, west, north, 0],
    GTModelTypeGeoKey: projected ? 1 : 2,
    GTRasterTypeGeoKey: 1,
    ...(projected ? { ProjectedCSTypeGeoKey: epsg } : { GeographicTypeGeoKey: 4326 }),
    ...(noData === undefined ? {} : { GDAL_NODATA: String(noData) }),
  });
  return new Uint8Array(buffer);
}
