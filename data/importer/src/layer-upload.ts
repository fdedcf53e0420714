import { extname } from 'node:path';
import { read as readShapefile } from 'shapefile';
import { parseLayer } from '@portal/geo/layer';
import { unzip } from './zip.ts';

/** A layer file made ready for the catalogue: its kind, the bytes to store and their extension. */
export interface PreparedLayerFile {
  kind: 'raster' | 'vector';
  bytes: Buffer;
  extension: 'tif' | 'geojson';
}

/** A file the layer command refuses; the message says what is wrong with it. */
export class LayerFileError extends Error {}

const MAX_BYTES = 200 * 1024 * 1024;

/**
 * The vector features of a zipped shapefile as GeoJSON: one .shp with its .dbf, in longitude/latitude
 * (a .prj naming a projected system is refused, since the portal does not reproject).
 */
async function shapefileToGeoJson(zip: Buffer): Promise<Buffer> {
  let entries: Map<string, Buffer>;
  try {
    entries = await unzip(zip);
  } catch (error) {
    throw new LayerFileError(`not a readable zip file (${(error as Error).message})`);
  }
  const named = (ext: string) =>
    [...entries.keys()].filter((name) => name.toLowerCase().endsWith(ext) && !name.startsWith('__MACOSX'));
  const shps = named('.shp');
  if (shps.length !== 1) throw new LayerFileError(`the zip must hold exactly one .shp file; it holds ${shps.length}`);
  const base = shps[0].slice(0, -4);
  const part = (ext: string) => named(ext).find((name) => name.slice(0, -4) === base);
  const dbf = part('.dbf');
  if (!dbf) throw new LayerFileError(`the zip has no ${base}.dbf beside ${shps[0]} (the attributes are needed)`);
  const prj = part('.prj');
  if (prj && /^\s*PROJCS/i.test(entries.get(prj)!.toString('latin1'))) {
    throw new LayerFileError(
      `${prj} names a projected coordinate system; reproject the shapefile to longitude/latitude (EPSG:4326) first`,
    );
  }
  try {
    const collection = await readShapefile(entries.get(shps[0])!, entries.get(dbf), { encoding: 'utf-8' });
    return Buffer.from(JSON.stringify(collection));
  } catch (error) {
    throw new LayerFileError(`the shapefile could not be read (${(error as Error).message})`);
  }
}

/**
 * Checks an operator's file and turns it into what the catalogue stores: a GeoTIFF as it is, a
 * GeoJSON as it is, a zipped shapefile converted to GeoJSON. Every check the renderer needs runs
 * here, so a file that passes can be drawn.
 * @throws LayerFileError saying what is wrong.
 */
export async function prepareLayerFile(name: string, bytes: Buffer): Promise<PreparedLayerFile> {
  if (bytes.length === 0) throw new LayerFileError('the file is empty');
  if (bytes.length > MAX_BYTES) throw new LayerFileError(`the file is larger than ${MAX_BYTES / 1024 / 1024} MB`);
  const ext = extname(name).toLowerCase();
  let prepared: PreparedLayerFile;
  if (ext === '.tif' || ext === '.tiff') prepared = { kind: 'raster', bytes, extension: 'tif' };
  else if (ext === '.geojson' || ext === '.json') prepared = { kind: 'vector', bytes, extension: 'geojson' };
  else if (ext === '.zip') prepared = { kind: 'vector', bytes: await shapefileToGeoJson(bytes), extension: 'geojson' };
  else
    throw new LayerFileError(
      `'${ext || name}' files are not supported: give a GeoTIFF (.tif), a GeoJSON (.geojson) or a zipped shapefile (.zip)`,
    );
  try {
    await parseLayer(prepared.kind, prepared.bytes);
  } catch (error) {
    throw new LayerFileError((error as Error).message);
  }
  return prepared;
}
