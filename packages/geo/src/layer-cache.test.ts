import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LayerCache } from './layer-cache.ts';
import { layerBbox } from './layer.ts';

const point = (lon: number, name = 'A') =>
  JSON.stringify({ type: 'Feature', properties: { name }, geometry: { type: 'Point', coordinates: [lon, 0] } });

describe('LayerCache', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'layer-cache-'));
    file = join(dir, 'points.geojson');
    writeFileSync(file, point(36));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('parses a file once, ready to draw, and answers from memory after', async () => {
    const cache = new LayerCache();
    const first = await cache.load(file, 'vector');
    expect(first.kind === 'vector' && first.shapes?.features).toHaveLength(1);
    expect(await cache.load(file, 'vector')).toBe(first);
    // Another filter is another layer of the same file.
    expect(await cache.load(file, 'vector', { name: 'A' })).not.toBe(first);
  });

  it('reads a changed file again', async () => {
    const cache = new LayerCache();
    const before = await cache.load(file, 'vector');
    // Same size, a later modification time.
    writeFileSync(file, point(38));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const after = await cache.load(file, 'vector');
    expect(layerBbox(after)[0]).toBeGreaterThan(layerBbox(before)[0]);
  });

  it('drops the least recently used file past its size, and never keeps a file larger than that', async () => {
    const [second, third] = ['second', 'third'].map((name, i) => {
      const path = join(dir, `${name}.geojson`);
      writeFileSync(path, point(37 + i));
      return path;
    });
    const size = statSync(file).size;
    // Room for two files.
    const cache = new LayerCache(size * 3 - 1);
    const first = await cache.load(file, 'vector');
    const kept = await cache.load(second, 'vector');
    // Used again: the second file is now the least recently used, and goes for the third.
    expect(await cache.load(file, 'vector')).toBe(first);
    await cache.load(third, 'vector');
    expect(await cache.load(file, 'vector')).toBe(first);
    expect(await cache.load(second, 'vector')).not.toBe(kept);
    const small = new LayerCache(size - 1);
    expect(await small.load(file, 'vector')).not.toBe(await small.load(file, 'vector'));
  });

  it('tries a file that failed to parse again, though its size and time are the same', async () => {
    const cache = new LayerCache();
    const { mtime } = statSync(file);
    writeFileSync(file, point(36).replace('{', '['));
    utimesSync(file, mtime, mtime);
    await expect(cache.load(file, 'vector')).rejects.toThrow(/not JSON/);
    writeFileSync(file, point(36));
    utimesSync(file, mtime, mtime);
    expect((await cache.load(file, 'vector')).kind).toBe('vector');
  });
});
