import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Layer as CatalogLayer } from '@portal/db/queries/catalog.queries';
import { type LayerData, renderLayer } from '@portal/geo/layer';
import { LayerCache } from '@portal/geo/layer-cache';
import type { Bbox } from '@portal/geo/projection';

/** Pixels along the longer side of a rendered layer: sharp at Kenya's scale (zoom 6-8) and small to send. */
export const LONG_SIDE = 1024;
// Bump when the renderer's output changes, so images cached on disk are drawn again.
const RENDERER_VERSION = 5;

export interface LayerImage {
  png: Buffer;
  /** Changes whenever the image may: the layer's file, style, filter or the renderer. */
  version: string;
  bbox: Bbox;
  width: number;
  height: number;
}

type Layer = Pick<CatalogLayer, 'name' | 'kind' | 'file' | 'feature_filter' | 'style'>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Renders layers to PNG and keeps the results in memory and under `cacheDir/layers/`. An image is
 * keyed by the layer's file (path, size, modification time), style and filter, so replacing a data
 * file or restyling a layer draws it again; older images of that layer are then deleted.
 */
/** Where an image came from: the process's memory, the disk cache, or a fresh render. */
export type ImageOrigin = 'memory' | 'disk' | 'render';

export class LayerImages {
  // By layer name, with the key the entry was made for: a changed key replaces the entry.
  private readonly memory = new Map<string, { key: string; image: LayerImage }>();
  private readonly pending = new Map<string, Promise<LayerImage>>();
  private readonly dir: string;
  // Images are written to disk one after the other, after they are served (see load).
  private writes: Promise<void> = Promise.resolve();

  /**
   * @param onCacheError told when an image cannot be written to disk (a full or read-only cache):
   *   the image is still served from memory, so a cache problem is never a failed request.
   * @param onImage told where each image asked for came from, for the metrics: memory and disk are
   *   hits, a render is a miss (callers waiting for a render already under way are not counted).
   * @param files the layer files parsed and kept in memory, which renders and values under a point
   *   share (a render then starts from the parsed file); the bench passes one to several instances.
   */
  constructor(
    private readonly rawDir: string,
    cacheDir: string,
    private readonly onCacheError: (error: unknown) => void = () => {},
    private readonly onImage: (from: ImageOrigin) => void = () => {},
    private readonly files = new LayerCache(),
  ) {
    this.dir = join(cacheDir, 'layers');
  }

  /** Absolute path of a layer's file; catalogue paths are checked on load, and checked again here. */
  filePath(layer: Pick<Layer, 'file'>): string {
    const root = resolve(this.rawDir);
    const path = resolve(root, layer.file);
    if (!path.startsWith(root + sep)) throw new Error(`layer file '${layer.file}' is outside data/raw`);
    return path;
  }

  private async key(layer: Layer): Promise<string> {
    const info = await stat(this.filePath(layer));
    return sha256(
      [
        RENDERER_VERSION,
        LONG_SIDE,
        layer.file,
        info.size,
        info.mtimeMs,
        JSON.stringify(layer.style),
        JSON.stringify(layer.feature_filter),
      ].join('|'),
    );
  }

  /** What the layer's image and features are cached by: changes with its file, style and filter. */
  async version(layer: Layer): Promise<string> {
    return (await this.key(layer)).slice(0, 16);
  }

  /** The layer's parsed file (for values under a point), re-read when the file changes. */
  async data(layer: Layer): Promise<LayerData> {
    return this.files.load(this.filePath(layer), layer.kind, layer.feature_filter);
  }

  /** The layer as a PNG with its extent, from memory, disk or a fresh render. */
  async image(layer: Layer): Promise<LayerImage> {
    const key = await this.key(layer);
    const cached = this.memory.get(layer.name);
    if (cached?.key === key) {
      this.onImage('memory');
      return cached.image;
    }
    let job = this.pending.get(key);
    if (!job) {
      job = this.load(layer, key).finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    return job;
  }

  private async load(layer: Layer, key: string): Promise<LayerImage> {
    // File names carry a hash of the layer name, never the name itself.
    const prefix = sha256(layer.name).slice(0, 16);
    const base = join(this.dir, `${prefix}-${key.slice(0, 32)}`);
    let image: LayerImage | undefined;
    try {
      const meta = JSON.parse(await readFile(`${base}.json`, 'utf8')) as Omit<LayerImage, 'png' | 'version'>;
      image = { ...meta, png: await readFile(`${base}.png`), version: key.slice(0, 16) };
      this.onImage('disk');
    } catch {
      const drawn = {
        ...(await renderLayer(await this.data(layer), layer.style, LONG_SIDE)),
        version: key.slice(0, 16),
      };
      image = drawn;
      this.onImage('render');
      // Written after the image is served, from memory meanwhile: the first counties image comes
      // 2 to 5 ms sooner (of 20 to 25) than when the file work is waited for.
      this.writes = this.writes.then(() => this.store(prefix, base, drawn)).catch(this.onCacheError);
    }
    this.memory.set(layer.name, { key, image });
    return image;
  }

  /** Waits until every image drawn so far is written to disk (or failed to be). */
  flush(): Promise<void> {
    return this.writes;
  }

  private async store(prefix: string, base: string, image: LayerImage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    for (const name of await readdir(this.dir)) {
      if (name.startsWith(`${prefix}-`)) await rm(join(this.dir, name), { force: true });
    }
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const { png, version: _version, ...meta } = image;
    await writeFile(`${base}.png.tmp`, png);
    await rename(`${base}.png.tmp`, `${base}.png`);
    await writeFile(`${base}.json`, JSON.stringify(meta));
  }
}
