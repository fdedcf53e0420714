import { basename } from 'node:path';
import { derivedNote, layerNameToParam } from '@portal/contract/rules';
import type { Layer } from '@portal/db/queries/catalog.queries';
import { toWebMercatorMetres } from '@portal/geo/projection';
import { derivedFrom } from '@portal/importer';
import yazl from 'yazl';
import type { LayerImage, LayerImages } from './layer-images.ts';

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

function readme(portal: string, layers: Layer[], now: Date): string {
  const parts = [
    `${portal}: map layer export`,
    `Exported ${now.toISOString().slice(0, 10)}.`,
    '',
    'Each folder holds one layer: its original data file as published (GeoTIFF or GeoJSON, in',
    'longitude/latitude, EPSG:4326), the image the portal draws (PNG) and a world file (.pgw) that',
    'places the image. The PNG and its world file are in Web Mercator (EPSG:3857, metres).',
    'Keep the attribution below when you share or publish these data.',
  ];
  for (const layer of layers) {
    const filter = layer.feature_filter
      ? ` (the layer is the features where ${Object.entries(layer.feature_filter)
          .map(([k, v]) => `${k} = ${v}`)
          .join(' and ')})`
      : '';
    const derived = derivedFrom(layer.file);
    parts.push(
      '',
      `== ${layer.name} ==`,
      layer.description,
      ...(derived ? [`${derivedNote(derived)}.`] : []),
      `Data file: ${basename(layer.file)}${filter}`,
      `Publisher: ${layer.publisher}`,
      `Licence: ${layer.licence}`,
      `Source: ${layer.source_url}`,
      `Citation: ${citationOf(layer)}`,
    );
  }
  return parts.join('\n') + '\n';
}

/**
 * A zip of the layers: per layer a folder with the original file, the rendered PNG and its world
 * file, plus README.txt with provenance, licence and citation.
 */
export async function buildRasterZip(portal: string, layers: Layer[], images: LayerImages, now = new Date()): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const layer of layers) {
    const folder = layerNameToParam(layer.name);
    const image = await images.image(layer);
    zip.addFile(images.filePath(layer), `${folder}/${basename(layer.file)}`, { mtime: now });
    zip.addBuffer(image.png, `${folder}/${folder}.png`, { mtime: now, compress: false });
    zip.addBuffer(Buffer.from(worldFile(image)), `${folder}/${folder}.pgw`, { mtime: now });
  }
  zip.addBuffer(Buffer.from(readme(portal, layers, now)), 'README.txt', { mtime: now });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
