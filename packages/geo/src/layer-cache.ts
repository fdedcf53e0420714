import { readFile, stat } from 'node:fs/promises';
import type { FeatureFilter } from '@portal/contract/layers';
import { type LayerData, parseLayer, prepareLayer } from './layer.ts';

interface Entry {
  size: number;
  mtimeMs: number;
  data: Promise<LayerData>;
}

/**
 * Layer files parsed and made ready to draw (`prepareLayer`), kept in memory between images: the
 * counties are then drawn without reading, parsing and projecting their GeoJSON each time. An entry
 * is found by the file's path (and the layer's kind and filter) and used only while the file has the
 * size and modification time it was read with, so a replaced file is read again. The least recently
 * used entries are dropped once the files kept pass `maxBytes` together (a file's size stands for
 * its parsed form, which takes a few times more); a larger file is parsed for each use, never kept.
 */
export class LayerCache {
  // In order of use, the most recent last.
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The layer in the file at `path`; throws as parseLayer does, or when the file cannot be read. */
  async load(path: string, kind: 'raster' | 'vector', featureFilter?: FeatureFilter | null): Promise<LayerData> {
    const { size, mtimeMs } = await stat(path);
    const key = JSON.stringify([path, kind, featureFilter ?? null]);
    const entry = this.entries.get(key);
    if (entry) this.drop(key, entry);
    if (entry?.size === size && entry.mtimeMs === mtimeMs) {
      this.keep(key, entry);
      return entry.data;
    }
    const data = readFile(path).then(async (bytes) => prepareLayer(await parseLayer(kind, bytes, featureFilter)));
    if (size > this.maxBytes) return data;
    const fresh = { size, mtimeMs, data };
    this.keep(key, fresh);
    // A file that fails to parse is tried again next time (it may be fixed with the same size and time).
    data.catch(() => {
      if (this.entries.get(key) === fresh) this.drop(key, fresh);
    });
    return data;
  }

  private keep(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldKey, old);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}
