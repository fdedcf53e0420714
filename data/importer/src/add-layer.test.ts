import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yazl from 'yazl';
import { afterEach, beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { listLayers } from '@portal/db/queries/catalog.queries';
import { openTestDatabase } from '@portal/db/testing';
import { geoTiff } from '@portal/geo/test-rasters';
import { addLayer, type NewLayer } from './add-layer.ts';
import { loadCatalog } from './catalog.ts';
import { CATALOG_DIR, RAW_DIR } from './paths.ts';

/** A point shapefile (.shp and .dbf) with one text attribute 'name', built byte by byte. */
function pointShapefile(points: { x: number; y: number; name: string }[]) {
  const shp = Buffer.alloc(100 + points.length * 28);
  shp.writeInt32BE(9994, 0);
  shp.writeInt32BE(shp.length / 2, 24);
  shp.writeInt32LE(1000, 28);
  shp.writeInt32LE(1, 32);
  [
    Math.min(...points.map((p) => p.x)),
    Math.min(...points.map((p) => p.y)),
    Math.max(...points.map((p) => p.x)),
    Math.max(...points.map((p) => p.y)),
  ].forEach((v, i) => shp.writeDoubleLE(v, 36 + i * 8));
  points.forEach((p, i) => {
    const at = 100 + i * 28;
    shp.writeInt32BE(i + 1, at);
    shp.writeInt32BE(10, at + 4);
    shp.writeInt32LE(1, at + 8);
    shp.writeDoubleLE(p.x, at + 12);
    shp.writeDoubleLE(p.y, at + 20);
  });
  const width = 20;
  const dbf = Buffer.alloc(32 + 32 + 1 + points.length * (width + 1) + 1, 0x20);
  dbf.fill(0, 0, 65);
  dbf.writeUInt8(3, 0);
  dbf.writeUInt32LE(points.length, 4);
  dbf.writeUInt16LE(65, 8);
  dbf.writeUInt16LE(width + 1, 10);
  dbf.write('name', 32, 'latin1');
  dbf.write('C', 43, 'latin1');
  dbf.writeUInt8(width, 48);
  dbf.writeUInt8(0x0d, 64);
  points.forEach((p, i) => dbf.write(p.name.padEnd(width), 65 + i * (width + 1) + 1, 'latin1'));
  dbf.writeUInt8(0x1a, dbf.length - 1);
  return { shp, dbf };
}

async function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["Degree",0.0174532925199433]]';
const UTM_PRJ = 'PROJCS["WGS_1984_UTM_Zone_37S",GEOGCS["GCS_WGS_1984"],PROJECTION["Transverse_Mercator"]]';

describe('addLayer', () => {
  let rawDir: string;
  let catalogDir: string;
  let work: string;
  const base = (file: string, name = 'Health Facilities'): NewLayer => ({
    file,
    name,
    sources: ['macro-economics/infrastructure'],
    description: 'Test layer.',
    publisher: 'Test Publisher',
    licence: 'CC BY 4.0',
    sourceUrl: 'https://example.org/data',
  });
  const put = (name: string, data: Buffer | string) => {
    writeFileSync(join(work, name), data);
    return join(work, name);
  };

  beforeAll(() => {
    rawDir = mkdtempSync(join(tmpdir(), 'raw-'));
    cpSync(RAW_DIR, rawDir, { recursive: true });
  });
  afterAll(() => rmSync(rawDir, { recursive: true, force: true }));
  beforeEach(() => {
    catalogDir = mkdtempSync(join(tmpdir(), 'catalog-'));
    cpSync(CATALOG_DIR, catalogDir, { recursive: true });
    work = mkdtempSync(join(tmpdir(), 'upload-'));
  });
  afterEach(() => {
    rmSync(join(rawDir, 'added'), { recursive: true, force: true });
    rmSync(catalogDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  const layersFile = () =>
    JSON.parse(readFileSync(join(catalogDir, 'layers.json'), 'utf8')) as { name: string; file: string; kind: string }[];

  it('adds a GeoJSON layer with its style, and the loader then measures it', async () => {
    const file = put(
      'clinics.geojson',
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { name: 'A' }, geometry: { type: 'Point', coordinates: [36.8, -1.3] } },
        ],
      }),
    );
    const added = await addLayer(
      { ...base(file), style: { type: 'fill', fill: '#ff0000', stroke: '#000000' } },
      { catalogDir, rawDir },
    );
    expect(added.entry).toMatchObject({
      name: 'Health Facilities',
      kind: 'vector',
      file: 'added/health-facilities.geojson',
    });
    expect(layersFile().at(-1)).toMatchObject({ name: 'Health Facilities', style: { type: 'fill', fill: '#ff0000' } });
    const database = await openTestDatabase('sqlite');
    try {
      await loadCatalog(database.db, { dir: catalogDir, rawDir });
      const row = (await listLayers(database.db, 'macro-economics/infrastructure')).find(
        (l) => l.name === 'Health Facilities',
      );
      // A lone point is drawn over a degree around it, grown by the 2 % margin: 36.8 - 0.5 - 0.02.
      expect(row?.west).toBeCloseTo(36.28, 2);
    } finally {
      await database.cleanup();
    }
  });

  it('adds a GeoTIFF as a raster layer', async () => {
    const file = put(
      'rain.tif',
      Buffer.from(
        geoTiff(
          [
            [1, 2],
            [3, 4],
          ],
          { west: 36, north: 0, cell: 0.5 },
        ),
      ),
    );
    const added = await addLayer(
      {
        ...base(file, 'Test Rainfall Grid'),
        style: {
          type: 'ramp',
          unit: 'mm',
          stops: [
            [0, '#ffffff'],
            [4, '#0000ff'],
          ],
        },
      },
      { catalogDir, rawDir },
    );
    expect(added.entry).toMatchObject({ kind: 'raster', file: 'added/test-rainfall-grid.tif' });
    expect(readFileSync(join(rawDir, 'added/test-rainfall-grid.tif')).length).toBeGreaterThan(0);
  });

  it('converts a zipped shapefile in longitude/latitude to GeoJSON', async () => {
    const { shp, dbf } = pointShapefile([
      { x: 36.82, y: -1.29, name: 'Nairobi Clinic' },
      { x: 39.66, y: -4.05, name: 'Mombasa Clinic' },
    ]);
    const file = put('clinics.zip', await zipOf({ 'clinics.shp': shp, 'clinics.dbf': dbf, 'clinics.prj': WGS84_PRJ }));
    await addLayer(base(file), { catalogDir, rawDir });
    const stored = JSON.parse(readFileSync(join(rawDir, 'added/health-facilities.geojson'), 'utf8'));
    expect(stored.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual([
      'Nairobi Clinic',
      'Mombasa Clinic',
    ]);
    expect(stored.features[1].geometry.coordinates).toEqual([39.66, -4.05]);
  });

  it('refuses bad files and entries with a clear message and leaves nothing behind', async () => {
    const { shp, dbf } = pointShapefile([{ x: 250000, y: 9800000, name: 'x' }]);
    const geojson = put(
      'ok.geojson',
      JSON.stringify({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [36, 0] } }),
    );
    const cases: [NewLayer, RegExp][] = [
      [base(put('broken.geojson', '{"type": "FeatureCollection", "features": [')), /broken\.geojson: not JSON/],
      [base(put('notes.csv', 'a,b')), /'\.csv' files are not supported/],
      [
        base(put('utm.tif', Buffer.from(geoTiff([[1]], { west: 500000, north: 9000000, cell: 1000, epsg: 32737 })))),
        /projected CRS/,
      ],
      [base(put('noshp.zip', await zipOf({ 'readme.txt': 'hello' }))), /exactly one \.shp/],
      [
        base(put('utm.zip', await zipOf({ 'a.shp': shp, 'a.dbf': dbf, 'a.prj': UTM_PRJ }))),
        /projected coordinate system/,
      ],
      [base(put('empty.geojson', '')), /empty/],
      [{ ...base(geojson), sources: ['energy/nowhere'] }, /unknown source 'energy\/nowhere'/],
      [{ ...base(geojson), name: 'Power_Stations(sh)' }, /no '_', '\(' or '\/'/],
      [{ ...base(geojson), name: 'Lakes' }, /'Lakes' is listed twice/],
      [
        { ...base(geojson), style: { type: 'categories', categories: [{ value: 1, colour: '#000000', label: 'x' }] } },
        /vector categories need the 'property' they colour by/,
      ],
      [
        {
          ...base(geojson),
          style: {
            type: 'categories',
            property: 'status',
            categories: [{ value: 'proposed', colour: '#000000', label: 'Proposed' }],
          },
        },
        /no category for the value\(s\) null/,
      ],
      [base(join(work, 'missing.tif')), /no such file/],
    ];
    const before = readFileSync(join(catalogDir, 'layers.json'), 'utf8');
    for (const [layer, message] of cases) {
      await expect(addLayer(layer, { catalogDir, rawDir }), message.source).rejects.toThrow(message);
    }
    expect(readFileSync(join(catalogDir, 'layers.json'), 'utf8')).toBe(before);
    expect(readdirSync(join(rawDir, 'added'))).toEqual([]);
  });

  it('takes everything back with undo when the load afterwards fails', async () => {
    const before = readFileSync(join(catalogDir, 'layers.json'), 'utf8');
    const added = await addLayer(
      base(
        put(
          'a.geojson',
          JSON.stringify({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [36, 0] } }),
        ),
      ),
      { catalogDir, rawDir },
    );
    added.undo();
    expect(readFileSync(join(catalogDir, 'layers.json'), 'utf8')).toBe(before);
    expect(readdirSync(join(rawDir, 'added'))).toEqual([]);
  });
});
