import { constants, crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** RGBA pixels, row by row, four bytes a pixel. */
export interface RgbaImage {
  width: number;
  height: number;
  pixels: Uint8ClampedArray;
}

/** Pixels as numbers into a list of colours, each colour one number 0xRRGGBBAA. */
export interface IndexedImage {
  width: number;
  height: number;
  indices: Uint16Array | Uint32Array;
  palette: number[];
  /** How many pixels have each colour. */
  counts: number[];
}

/** Encodes RGBA pixels as PNG. */
export function encodePng(image: RgbaImage): Promise<Buffer> {
  return sharp(Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

/**
 * Encodes an indexed image as a palette PNG (colour type 3, alpha in a tRNS chunk): a byte a pixel
 * instead of four, so it compresses several times faster and comes out smaller than full colour.
 * A palette holds 256 colours: when the image has more, its 256 commonest are kept and the others,
 * if rare (anti-aliased edges where several colours meet), take the nearest of those; an image
 * with many common colours is encoded in full colour.
 */
export async function encodeIndexedPng(image: IndexedImage): Promise<Buffer> {
  const palette = choosePalette(image);
  if (!palette) return encodePng(toRgba(image));
  const { colours, entryOf } = palette;
  const { width, height, indices } = image;
  // Each row is led by its filter byte, 0 (none), as advised for palette images.
  const rows = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1) + 1;
    const pixels = indices.subarray(y * width, (y + 1) * width);
    // The image's own colours are the palette: its numbers are the entries, copied as bytes (0.2 ms
    // on the counties map, against 2 ms looking each up).
    if (!entryOf) rows.set(pixels, row);
    else for (let x = 0; x < width; x++) rows[row + x] = entryOf[pixels[x]];
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits an index, palette colour, deflate, no filter method, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(colours.flatMap((rgba) => [rgba >>> 24, (rgba >>> 16) & 255, (rgba >>> 8) & 255]))),
    chunk('tRNS', Buffer.from(colours.map((rgba) => rgba & 255))),
    // Run-length matching only: on the counties map 1 ms and 34 kB, against 6 ms and 37 kB by default.
    chunk('IDAT', deflateSync(rows, { strategy: constants.Z_RLE })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The share of pixels that may take a near colour instead of their own in a palette image. */
const NEAR_COLOUR_SHARE = 0.03;

/**
 * The colours of the palette (at most 256) and the palette entry of each colour of the image (none
 * when the image's colours are the palette); or undefined when more than NEAR_COLOUR_SHARE of the pixels would lose their own colour.
 */
function choosePalette({
  width,
  height,
  palette,
  counts,
}: IndexedImage): { colours: number[]; entryOf?: Uint8Array } | undefined {
  if (palette.length <= 256) return { colours: palette };
  // Colours painted over everywhere they were painted count for nothing.
  const used = [...palette.keys()].filter((i) => counts[i] > 0).sort((a, b) => counts[b] - counts[a]);
  const kept = used.slice(0, 256);
  const near = used.slice(256);
  if (near.reduce((sum, i) => sum + counts[i], 0) > NEAR_COLOUR_SHARE * width * height) return undefined;
  const colours = kept.map((i) => palette[i]);
  const entryOf = new Uint8Array(palette.length);
  kept.forEach((i, entry) => (entryOf[i] = entry));
  const entries = Float64Array.from(colours.flatMap(premultiplied));
  near.forEach((i) => (entryOf[i] = nearest(palette[i], entries)));
  return { colours, entryOf };
}

/**
 * The entry nearest to `rgba` among `entries` (premultiplied, four numbers an entry), compared
 * premultiplied so that faint colours are near to transparent.
 */
function nearest(rgba: number, entries: Float64Array): number {
  const [r, g, b, a] = premultiplied(rgba);
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < entries.length; i += 4) {
    const distance =
      (r - entries[i]) ** 2 + (g - entries[i + 1]) ** 2 + (b - entries[i + 2]) ** 2 + (a - entries[i + 3]) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [i / 4, distance];
  }
  return best;
}

function premultiplied(rgba: number): number[] {
  const alpha = rgba & 255;
  return [
    ((rgba >>> 24) * alpha) / 255,
    (((rgba >>> 16) & 255) * alpha) / 255,
    (((rgba >>> 8) & 255) * alpha) / 255,
    alpha,
  ];
}

/** An indexed image as RGBA pixels. */
export function toRgba({ width, height, indices, palette }: IndexedImage): RgbaImage {
  const pixels = new Uint8ClampedArray(width * height * 4);
  indices.forEach((index, i) => {
    const rgba = palette[index];
    pixels.set([rgba >>> 24, (rgba >>> 16) & 255, (rgba >>> 8) & 255, rgba & 255], i * 4);
  });
  return { width, height, pixels };
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Decodes a PNG into RGBA pixels (for tests and checks). */
export async function decodePng(png: Buffer): Promise<{ width: number; height: number; pixels: Uint8Array }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: new Uint8Array(data) };
}
