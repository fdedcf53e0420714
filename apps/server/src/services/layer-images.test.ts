import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LayerImages } from './layer-images.ts';

const point = (lon: number, lat: number) =>
  JSON.stringify({ type: 'Feature', properties: { name: 'A' }, geometry: { type: 'Point', coordinates: [lon, lat] } });
const layer = {
  name: 'Test Points',
  kind: 'vector' as const,
  file: 'points.geojson',
  feature_filter: null,
  style: { type: 'fill' as const, fill: '#ff0000', stroke: '#000000' },
};

describe('LayerImages', () => {
  let raw: string;
  let cache: string;
  beforeEach(() => {
    raw = mkdtempSync(join(tmpdir(), 'raw-'));
    cache = mkdtempSync(join(tmpdir(), 'cache-'));
    writeFileSync(join(raw, 'points.geojson'), point(36, 0));
  });
  afterEach(() => {
    rmSync(raw, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  it('serves the rendered image when the cache cannot be written, and says why', async () => {
    const notADirectory = join(cache, 'file');
    writeFileSync(notADirectory, '');
    const problems: unknown[] = [];
    const images = new LayerImages(raw, notADirectory, (error) => problems.push(error));
    const image = await images.image(layer);
    expect(image.png.subarray(1, 4).toString()).toBe('PNG');
    await images.flush();
    expect(problems).toHaveLength(1);
    expect(await images.image(layer)).toBe(image);
  });

  it('renders once, then answers from memory, and from disk in a fresh instance, saying where each came from', async () => {
    const origins: string[] = [];
    const images = new LayerImages(raw, cache, undefined, (origin) => origins.push(origin));
    const first = await images.image(layer);
    expect(await images.image(layer)).toBe(first);
    await images.flush();
    const files = readdirSync(join(cache, 'layers'));
    expect(files.filter((f) => f.endsWith('.png'))).toHaveLength(1);
    // The cache file is named by hashes, never by the layer name.
    expect(files.join()).not.toContain('Test');
    const again = await new LayerImages(raw, cache, undefined, (origin) => origins.push(origin)).image(layer);
    expect(again.png.equals(first.png)).toBe(true);
    expect(again.bbox).toEqual(first.bbox);
    expect(origins).toEqual(['render', 'memory', 'disk']);
  });

  it('draws the layer again when its file changes, and drops the old image', async () => {
    const images = new LayerImages(raw, cache);
    const before = await images.image(layer);
    writeFileSync(join(raw, 'points.geojson'), point(38, 2));
    utimesSync(join(raw, 'points.geojson'), new Date(), new Date(Date.now() + 5000));
    const after = await images.image(layer);
    expect(after.bbox[0]).toBeGreaterThan(before.bbox[0]);
    await images.flush();
    expect(readdirSync(join(cache, 'layers')).filter((f) => f.endsWith('.png'))).toHaveLength(1);
  });

  it('draws again when the style changes, and refuses a file outside the data folder', async () => {
    const images = new LayerImages(raw, cache);
    const red = await images.image(layer);
    const blue = await images.image({ ...layer, style: { type: 'fill' as const, fill: '#0000ff', stroke: '#000000' } });
    expect(blue.png.equals(red.png)).toBe(false);
    await expect(images.image({ ...layer, file: '../outside.geojson' })).rejects.toThrow(/outside data\/raw/);
  });
});
