import { describe, expect, it } from 'vitest';
import { packRgba } from './canvas.ts';
import { decodePng, encodeIndexedPng, type IndexedImage, toRgba } from './png.ts';

/** An image of `width` pixels a row coloured as listed (0xRRGGBBAA each). */
function indexed(width: number, colours: number[]): IndexedImage {
  const palette = [...new Set(colours)];
  const indices = Uint16Array.from(colours, (c) => palette.indexOf(c));
  const counts = palette.map((c) => colours.filter((d) => d === c).length);
  return { width, height: colours.length / width, indices, palette, counts };
}

/** PNG's colour type: 3 with a palette, 6 for full colour with alpha. */
const colourType = (png: Buffer) => png[25];

describe('encodeIndexedPng', () => {
  it('writes a palette PNG that decodes to the same pixels', async () => {
    const image = indexed(3, [
      0,
      packRgba(255, 0, 0, 128),
      packRgba(0, 0, 255, 255),
      packRgba(255, 0, 0, 128),
      0,
      packRgba(10, 20, 30, 40),
    ]);
    const png = await encodeIndexedPng(image);
    expect(colourType(png)).toBe(3);
    const decoded = await decodePng(png);
    expect([decoded.width, decoded.height]).toEqual([3, 2]);
    expect(Array.from(decoded.pixels)).toEqual(Array.from(toRgba(image).pixels));
  });

  it('keeps the 256 commonest colours and gives a rare one the nearest of those', async () => {
    // 256 greys of 4 pixels each, and one pixel of a grey a shade off the first.
    const greys = Array.from({ length: 256 }, (_, v) => packRgba(v, v, v, 255));
    const image = indexed(
      33,
      [...greys.flatMap((grey) => [grey, grey, grey, grey]), packRgba(1, 0, 1, 255)].concat(Array(31).fill(greys[0])),
    );
    const png = await encodeIndexedPng(image);
    expect(colourType(png)).toBe(3);
    const { pixels } = await decodePng(png);
    expect(Array.from(pixels.subarray(0, 8))).toEqual([0, 0, 0, 255, 0, 0, 0, 255]);
    expect(Array.from(pixels.subarray(255 * 16, 255 * 16 + 4))).toEqual([255, 255, 255, 255]);
    expect(Array.from(pixels.subarray(256 * 16, 256 * 16 + 4))).toEqual([1, 1, 1, 255]);
  });

  it('falls back to full colour when many pixels have colours past the commonest 256', async () => {
    const colours = Array.from({ length: 600 }, (_, i) => packRgba(i % 256, i >> 8, 0, 255));
    const image = indexed(30, colours);
    const png = await encodeIndexedPng(image);
    expect(colourType(png)).toBe(6);
    expect(Array.from((await decodePng(png)).pixels)).toEqual(Array.from(toRgba(image).pixels));
  });
});
