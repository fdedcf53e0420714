import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapConfigSchema, RasterDownloadResponseSchema, WmsResponseSchema } from '@portal/contract/layers';
import { SpecErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { decodePng } from '@portal/geo/png';
import { RAW_DIR, unzip } from '@portal/importer';
import { getJson } from '@portal/testing/http';
import { loginAs } from './login-as.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

const layersFile = JSON.parse(readFileSync(join(RAW_DIR, '../catalog/layers.json'), 'utf8')) as {
  name: string;
  sources: string[];
  file: string;
}[];

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`map layer calls on ${dialect}`, () => {
    let server: TestApp;
    const wms = async (store: string) => {
      const response = await server.fetch(`${API.wms}?store=${encodeURIComponent(store)}`);
      return { status: response.status, body: (await response.json()) as any };
    };
    const download = (body: unknown, cookie?: string) =>
      server.fetch(API.rasterDownload, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });

    beforeAll(async () => {
      server = await buildTestApp(dialect);
    });
    afterAll(async () => {
      await server.close();
    });

    it('answers a layer name (with spaces) with that layer: PNG, bounds and name', async () => {
      const { status, body } = await wms('Power Stations');
      expect(status).toBe(200);
      const parsed = WmsResponseSchema.parse(body);
      if (parsed.status !== 'success') throw new Error('expected success');
      expect(parsed.data).toHaveLength(1);
      const [png, bounds, name] = parsed.data[0];
      expect(name).toBe('Power Stations');
      const image = await decodePng(Buffer.from(png, 'base64'));
      expect(Math.max(image.width, image.height)).toBe(1024);
      // Kenya's plants (Ghana's are a layer of their own): the bounds lie within Kenya's.
      expect(bounds[0][1]).toBeGreaterThan(33.5);
      expect(bounds[1][1]).toBeGreaterThan(39);
      expect(bounds[1][1]).toBeLessThan(42);
    });

    it("answers a source key with that source's layers in catalogue order", async () => {
      const { body } = await wms('energy/infrastructure');
      const parsed = WmsResponseSchema.parse(body);
      const expected = layersFile.filter((l) => l.sources.includes('energy/infrastructure')).map((l) => l.name);
      expect(parsed.status === 'success' && parsed.data.map((entry) => entry[2])).toEqual(expected);
    });

    it('leaves the images out when asked, and serves each from its own address, revalidated by its ETag', async () => {
      const full = WmsResponseSchema.parse((await wms('energy/infrastructure')).body);
      const response = await server.fetch(`${API.wms}?store=energy%2Finfrastructure&images=none`);
      const light = WmsResponseSchema.parse(await response.json());
      if (full.status !== 'success' || light.status !== 'success') throw new Error('expected success');
      // The same layers and bounds, without a byte of image.
      expect(light.data).toEqual(full.data.map(([, bounds, name]) => ['', bounds, name]));

      const [png, , name] = full.data[1];
      const image = await server.fetch(`${API.layerImage(name)}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(png, 'base64'))).toBe(true);
      const etag = image.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
      const again = await server.fetch(`${API.layerImage(name)}`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      // Another layer is another image.
      expect((await server.fetch(`${API.layerImage(full.data[0][2])}`)).headers.get('etag')).not.toBe(etag);

      const unknown = await server.fetch(`${API.layerImage('No Such Layer')}`);
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    });

    it('renders a GeoTIFF layer through its ramp with the raster extent as bounds', async () => {
      const parsed = WmsResponseSchema.parse((await wms('Elevation')).body);
      if (parsed.status !== 'success') throw new Error('expected success');
      const [png, bounds] = parsed.data[0];
      expect(bounds.flat().map((v) => Number(v.toFixed(2)))).toEqual([-4.96, 33.46, 5.54, 42.46]);
      const image = await decodePng(Buffer.from(png, 'base64'));
      expect([image.width, image.height]).toEqual([864, 1008]);
      expect(image.pixels[3]).toBe(255);
    });

    it('answers an unknown store, or one that looks like a path, with a status other than success and no 5xx', async () => {
      for (const store of [
        'Atlantis',
        '../../etc/passwd',
        '/etc/passwd',
        'energy/../../../etc',
        'layers/kenya-elevation-etopo5.tif',
        'x'.repeat(200),
      ]) {
        const { status, body } = await wms(store);
        expect(status, store).toBe(404);
        expect(body.status).toBe('error');
        expect(body.error).toContain('No map layers');
      }
      expect((await wms('')).status).toBe(400);
    });

    it('refuses the export without a session, whatever the body says', async () => {
      const response = await download({ layers: ['Elevation'] });
      expect(response.status).toBe(401);
      expect(SpecErrorSchema.parse(await response.json()).error).toBe('Login first to export data.');
    });

    it('exports the original files, PNG, world file and README with provenance to a logged-in user', async () => {
      const cookie = await loginAs(server.db, `export-${dialect}@example.org`);
      const response = await download({ layers: ['Elevation', 'Electricity Access 2019'] }, cookie);
      expect(response.status).toBe(200);
      const zip = await unzip(Buffer.from(RasterDownloadResponseSchema.parse(await response.json()).file, 'base64'));
      expect([...zip.keys()].sort()).toEqual([
        'Electricity_Access_2019/Electricity_Access_2019.pgw',
        'Electricity_Access_2019/Electricity_Access_2019.png',
        'Electricity_Access_2019/kenya-county-electricity-access-2019.geojson',
        'Elevation/Elevation.pgw',
        'Elevation/Elevation.png',
        'Elevation/kenya-elevation-etopo5.tif',
        'README.txt',
      ]);
      expect(zip.get('Elevation/kenya-elevation-etopo5.tif')).toEqual(
        readFileSync(join(RAW_DIR, 'layers/kenya-elevation-etopo5.tif')),
      );
      const history = await server.db.selectFrom('export_log').select('what').execute();
      expect(history.map((h) => h.what)).toContain('Map layers: Elevation, Electricity Access 2019');
      const world = zip.get('Elevation/Elevation.pgw')!.toString().trim().split('\n').map(Number);
      expect(world).toHaveLength(6);
      // 9 degrees of longitude over 864 pixels, in Web Mercator metres.
      expect(world[0]).toBeCloseTo((9 * 20037508.34) / 180 / 864, 0);
      const readme = zip.get('README.txt')!.toString();
      expect(readme).toContain('Kenya CLEW Data Observatory');
      expect(readme).toContain('Licence: Public domain');
      expect(readme).toContain('Citation: Kenya National Bureau of Statistics (2019)');
      expect(readme).toContain('Derived by the portal from KNBS 2019 census table 2.19');
      // Elevation is a published file: only derived layers carry the line.
      expect(readme.match(/Derived by the portal/g)).toHaveLength(1);
    });

    it("writes the README in the reader's language, the layers' names and citations as the data gives them", async () => {
      const cookie = await loginAs(server.db, `msomaji-${dialect}@example.org`);
      const response = await download({ layers: ['Electricity Access 2019'] }, `${cookie}; lang=sw`);
      const zip = await unzip(Buffer.from(RasterDownloadResponseSchema.parse(await response.json()).file, 'base64'));
      const readme = zip.get('README.txt')!.toString();
      expect(readme).toContain('uhamishaji wa matabaka ya ramani');
      expect(readme).toContain('== Electricity Access 2019 ==');
      expect(readme).toContain('Leseni: No licence stated by the publisher of the KNBS 2019 KPHC statistics');
      expect(readme).toContain('Imetolewa na tovuti kutoka KNBS 2019 census table 2.19');
      expect(readme).toContain('Utajo: Kenya National Bureau of Statistics (2019)');
      expect(readme).not.toContain('Derived by the portal');
    });

    it('refuses an export of an unknown layer, naming it', async () => {
      const cookie = await loginAs(server.db, `unknown-${dialect}@example.org`);
      const response = await download({ layers: ['Elevation', '../../etc/passwd'] }, cookie);
      expect(response.status).toBe(404);
      expect(((await response.json()) as any).error).toContain('../../etc/passwd');
    });

    it('serves the base map settings and the bundled outline of Kenya', async () => {
      expect(await getJson(server, API.mapConfig, MapConfigSchema)).toEqual({
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: expect.stringContaining('OpenStreetMap'),
      });
      const outline = (await (await server.fetch(API.mapOutline)).json()) as any;
      expect(
        outline.features.filter((f: { properties: { level: string } }) => f.properties.level === 'county'),
      ).toHaveLength(47);
      // The same outline as an image covering OUTLINE_IMAGE_BOUNDS: every point of it inside.
      const image = await server.fetch(API.mapOutlineImage);
      expect(image.headers.get('content-type')).toBe('image/svg+xml');
      const svg = await image.text();
      const [width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.slice(1).map(Number);
      expect(Math.max(width, height)).toBe(2000);
      const paths = [...svg.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]);
      expect(paths).toHaveLength(2);
      for (const ring of paths.flatMap((d) => d.split('Z').filter(Boolean))) {
        const [start, steps] = ring.slice(1).split('l');
        let [x, y] = start.split(' ').map(Number);
        const deltas = steps.split(' ').map(Number);
        for (let i = 0; i < deltas.length; i += 2) {
          x += deltas[i];
          y += deltas[i + 1];
          expect(x >= 0 && x <= width && y >= 0 && y <= height, `${x} ${y}`).toBe(true);
        }
      }
      const page = await server.fetch(API.health);
      expect(page.headers.get('content-security-policy')).toContain(
        "img-src 'self' data: blob: https://tile.openstreetmap.org",
      );
    });
  });
}

describe('map layers with a cache that cannot be written', () => {
  let server: TestApp;
  let cacheFile: string;
  beforeAll(async () => {
    // A file where the cache folder should be: every write under it fails, as on a read-only disk.
    cacheFile = join(mkdtempSync(join(tmpdir(), 'portal-cache-')), 'not-a-folder');
    writeFileSync(cacheFile, '');
    server = await buildTestApp('sqlite', { cacheDir: cacheFile });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dirname(cacheFile), { recursive: true, force: true });
  });

  it('still serves the layer images and the raster export', async () => {
    const wms = await server.fetch(`${API.wms}?store=${encodeURIComponent('Electricity Access 2019')}`);
    expect(wms.status).toBe(200);
    expect(WmsResponseSchema.parse(await wms.json()).status).toBe('success');
    const cookie = await loginAs(server.db, 'cache-problem@example.org');
    const download = await server.fetch(API.rasterDownload, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie },
      body: JSON.stringify({ layers: ['Electricity Access 2019'] }),
    });
    expect(download.status).toBe(200);
    expect(RasterDownloadResponseSchema.parse(await download.json())).toHaveProperty('file');
  });
});
