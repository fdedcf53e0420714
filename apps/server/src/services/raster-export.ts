import { basename } from 'node:path';
import type { Language, Translate } from '@portal/contract/messages';
import { layerNameToParam } from '@portal/contract/rules';
// The e-mails' and read-mes' texts, which only the server writes.
import '@portal/contract/messages-documents';
import type { Layer } from '@portal/db/queries/catalog.queries';
import { toWebMercatorMetres } from '@portal/geo/projection';
import { derivedFrom } from '@portal/importer';
import yazl from 'yazl';
import type { LayerImage, LayerImages } from './layer-images.ts';
import type { ReadGate } from './read-gate.ts';

/**
 * A world file (.pgw) for a rendered layer. The image's rows are spaced in Web Mercator, so the
 * world file is in EPSG:3857 metres: pixel width, two rotation terms, negative pixel height, then
 * the centre of the top-left pixel.
 */
export function worldFile(image: Pick<LayerImage, 'bbox' | 'width' | 'height'>): string {
  const [west, south, east, north] = image.bbox;
  const [left, top] = toWebMercatorMetres(west, north);
  const [right, bottom] = toWebMercatorMetres(east, south);
  const sizeX = (right - left) / image.width;
  const sizeY = (top - bottom) / image.height;
  return [sizeX, 0, 0, -sizeY, left + sizeX / 2, top - sizeY / 2].map((n) => n.toFixed(6)).join('\n') + '\n';
}

/** How to cite a layer: its own citation, or publisher, name and address. */
export function citationOf(layer: Pick<Layer, 'name' | 'publisher' | 'source_url' | 'citation'>): string {
  return layer.citation ?? `${layer.publisher}. ${layer.name}. ${layer.source_url}`;
}

/** The export's README, in the reader's language (names, descriptions and citations as the data gives them). */
function readme(t: Translate, language: Language, portal: string, layers: Layer[], now: Date): string {
  const parts = [
    t('export.readme.layersTitle', { siteName: portal }),
    t('export.readme.exported', { date: now.toISOString().slice(0, 10) }),
    '',
    t('export.readme.layersIntro'),
  ];
  const and = new Intl.ListFormat(language, { type: 'conjunction' });
  for (const layer of layers) {
    const conditions = Object.entries(layer.feature_filter ?? {}).map(([k, v]) => `${k} = ${v}`);
    const filter = conditions.length
      ? ` (${t('export.readme.featureFilter', { conditions: and.format(conditions) })})`
      : '';
    const derived = derivedFrom(layer.file);
    parts.push(
      '',
      `== ${layer.name} ==`,
      layer.description,
      ...(derived ? [t('export.readme.derivedFrom', { file: derived })] : []),
      t('export.readme.dataFile', { file: basename(layer.file) }) + filter,
      t('export.readme.publisher', { publisher: layer.publisher }),
      t('export.readme.licence', { licence: layer.licence }),
      t('export.readme.source', { source: layer.source_url }),
      t('export.readme.citation', { citation: citationOf(layer) }),
    );
  }
  return parts.join('\n') + '\n';
}

/**
 * A zip of the layers: per layer a folder with the original file, the rendered PNG and its world
 * file, plus README.txt with provenance, licence and citation in the reader's language. Each
 * layer's image is drawn (or read from the cache) through the gate, one layer a turn, so fifty
 * layers share the server with other requests (ADR 0033).
 */
export async function buildRasterZip(
  { t, language }: { t: Translate; language: Language },
  portal: string,
  layers: Layer[],
  images: LayerImages,
  gate: ReadGate,
  now = new Date(),
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const layer of layers) {
    const folder = layerNameToParam(layer.name);
    const image = await gate(() => images.image(layer));
    zip.addFile(images.filePath(layer), `${folder}/${basename(layer.file)}`, { mtime: now });
    zip.addBuffer(image.png, `${folder}/${folder}.png`, { mtime: now, compress: false });
    zip.addBuffer(Buffer.from(worldFile(image)), `${folder}/${folder}.pgw`, { mtime: now });
  }
  zip.addBuffer(Buffer.from(readme(t, language, portal, layers, now)), 'README.txt', { mtime: now });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
