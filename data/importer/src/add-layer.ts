import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { LayerStyle } from '@portal/contract/layers';
import { CatalogError, measureLayers, readCatalog } from './catalog.ts';
import type { LayerEntry } from './catalog-files.ts';
import { LayerFileError, prepareLayerFile } from './layer-upload.ts';
import { CATALOG_DIR, RAW_DIR } from './paths.ts';

export interface NewLayer {
  /** The operator's file: .tif, .geojson/.json or a zipped shapefile (.zip). */
  file: string;
  name: string;
  sources: string[];
  description: string;
  publisher: string;
  licence: string;
  sourceUrl: string;
  citation?: string;
  style?: LayerStyle;
}

/** What the command changed, and how to take it back when a later step (loading) fails. */
export interface AddedLayer {
  entry: LayerEntry;
  /** Path of the stored file under data/raw. */
  stored: string;
  undo(): void;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Adds an operator's layer to the catalogue without code changes: checks the file and the entry
 * (name, sources, style) against every catalogue rule, stores the file under data/raw/added/ and
 * appends the entry to data/catalog/layers.json. Nothing is written unless every check passes.
 * @throws LayerFileError or CatalogError saying what is wrong; no file is left behind.
 */
export async function addLayer(
  layer: NewLayer,
  dirs: { catalogDir?: string; rawDir?: string } = {},
): Promise<AddedLayer> {
  const catalogDir = dirs.catalogDir ?? CATALOG_DIR;
  const rawDir = dirs.rawDir ?? RAW_DIR;
  if (!existsSync(layer.file)) throw new LayerFileError(`${layer.file}: no such file`);
  let prepared;
  try {
    prepared = await prepareLayerFile(layer.file, readFileSync(layer.file));
  } catch (error) {
    throw error instanceof LayerFileError ? new LayerFileError(`${basename(layer.file)}: ${error.message}`) : error;
  }
  const entry: LayerEntry = {
    name: layer.name,
    kind: prepared.kind,
    file: `added/${slug(layer.name) || 'layer'}.${prepared.extension}`,
    sources: layer.sources,
    description: layer.description,
    publisher: layer.publisher,
    licence: layer.licence,
    sourceUrl: layer.sourceUrl,
    ...(layer.citation ? { citation: layer.citation } : {}),
    ...(layer.style ? { style: layer.style } : {}),
  };
  const stored = join(rawDir, entry.file);
  if (existsSync(stored))
    throw new CatalogError(`data/raw/${entry.file} exists already: is '${layer.name}' added already?`);

  const layersPath = join(catalogDir, 'layers.json');
  const before = readFileSync(layersPath, 'utf8');
  const after = `${JSON.stringify([...(JSON.parse(before) as unknown[]), entry], null, 2)}\n`;
  // The whole catalogue is checked on a copy, with the new file in place, before anything is kept.
  const trial = mkdtempSync(join(tmpdir(), 'catalog-'));
  mkdirSync(dirname(stored), { recursive: true });
  writeFileSync(stored, prepared.bytes);
  try {
    cpSync(catalogDir, trial, { recursive: true });
    writeFileSync(join(trial, 'layers.json'), after);
    const { rows } = readCatalog(trial, rawDir);
    await measureLayers(
      rows.layers.filter((row) => row.name === entry.name),
      rawDir,
    );
  } catch (error) {
    rmSync(stored, { force: true });
    throw error;
  } finally {
    rmSync(trial, { recursive: true, force: true });
  }
  const temporary = `${layersPath}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, after);
  renameSync(temporary, layersPath);
  return {
    entry,
    stored,
    undo: () => {
      writeFileSync(layersPath, before);
      rmSync(stored, { force: true });
    },
  };
}
