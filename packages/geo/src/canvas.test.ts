import { describe, expect, it } from 'vitest';
import { Canvas } from './canvas.ts';
import { toRgba } from './png.ts';
import type { Rgba } from './style.ts';

const red: Rgba = [255, 0, 0, 255];
const blue: Rgba = [0, 0, 255, 255];
const white: Rgba = [255, 255, 255, 255];
const transparent = [0, 0, 0, 0];

/** A closed ring through the corners of a box, as a path. */
const box = (x0: number, y0: number, x1: number, y1: number) => Float64Array.of(x0, y0, x1, y0, x1, y1, x0, y1, x0, y0);

function pixels(canvas: Canvas) {
  const image = toRgba(canvas.image());
  return (x: number, y: number) =>
    Array.from(image.pixels.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4));
}

describe('Canvas', () => {
  it('fills a square with its colour at the opacity, and leaves the outside transparent', () => {
    const canvas = new Canvas(10, 10);
    canvas.fillRings([box(2, 2, 8, 8)], red, 0.5);
    const at = pixels(canvas);
    expect(at(5, 5)).toEqual([255, 0, 0, 128]);
    expect(at(2, 7)).toEqual([255, 0, 0, 128]);
    expect(at(1, 5)).toEqual(transparent);
    expect(at(8, 5)).toEqual(transparent);
  });

  it('cuts a hole by the even-odd rule, whichever way the inner ring turns', () => {
    const outer = box(0, 0, 10, 10);
    for (const hole of [box(3, 3, 7, 7), Float64Array.of(3, 3, 3, 7, 7, 7, 7, 3, 3, 3)]) {
      const canvas = new Canvas(10, 10);
      canvas.fillRings([outer, hole], red, 1);
      const at = pixels(canvas);
      expect(at(5, 5)).toEqual(transparent);
      expect(at(1, 1)).toEqual(red);
      expect(at(8, 5)).toEqual(red);
    }
  });

  it('covers an edge pixel in part, by the share of it inside', () => {
    const canvas = new Canvas(10, 10);
    // The left edge runs down the middle of column 2; the diagonal halves the pixels it crosses.
    canvas.fillRings([box(2.5, 0, 8, 10), Float64Array.of(0, 0, 2, 0, 0, 2)], red, 1);
    const at = pixels(canvas);
    expect(at(2, 5)).toEqual([255, 0, 0, 128]);
    expect(at(3, 5)).toEqual(red);
    expect(at(0, 1)[3]).toBe(128);
  });

  it('fills a shape reaching past the left border up to the border', () => {
    const canvas = new Canvas(10, 10);
    canvas.fillRings([box(-5, 2, 3, 8)], red, 1);
    const at = pixels(canvas);
    expect(at(0, 5)).toEqual(red);
    expect(at(4, 5)).toEqual(transparent);
  });

  it('paints over what is there: half red over half blue', () => {
    const canvas = new Canvas(4, 4);
    canvas.fillRings([box(0, 0, 4, 4)], blue, 0.5);
    canvas.fillRings([box(0, 0, 4, 4)], red, 0.5);
    // Alpha 128 + 128 × 127/255 = 192, of which red weighs 128 and blue 64.
    expect(pixels(canvas)(1, 1)).toEqual([170, 0, 85, 192]);
  });

  it('strokes a line with its width, a round joint and round ends', () => {
    const canvas = new Canvas(20, 10);
    canvas.strokeLines([Float64Array.of(2, 5, 10, 5, 10, 9)], 2, red);
    const at = pixels(canvas);
    expect(at(5, 4)).toEqual(red);
    expect(at(5, 5)).toEqual(red);
    expect(at(5, 3)).toEqual(transparent);
    expect(at(5, 6)).toEqual(transparent);
    expect(at(9, 4)).toEqual(red);
    // The outer corner of the joint is rounded: its pixel's centre is 0.7 from the corner point.
    expect(at(10, 4)[3]).toBe(207);
    // The round end reaches a pixel's width past the end point, fading.
    expect(at(1, 4)[3]).toBeGreaterThan(0);
    expect(at(1, 4)[3]).toBeLessThan(255);
  });

  it('strokes a line of points closer than a pixel from its first point to its last', () => {
    const canvas = new Canvas(20, 10);
    // 0.1 pixel steps along row 5 from x = 2 to 17: most points are passed over, the line still runs end to end.
    canvas.strokeLines([Float64Array.from({ length: 302 }, (_, i) => (i % 2 ? 5.5 : 2 + (i / 2) * 0.1))], 1, red);
    const at = pixels(canvas);
    for (const x of [3, 9, 15]) expect(at(x, 5)).toEqual(red);
    expect(at(19, 5)).toEqual(transparent);
    expect(at(9, 4)).toEqual(transparent);
  });

  it('draws a dot in its colour with a rim in the rim colour', () => {
    const canvas = new Canvas(20, 20);
    canvas.dot(10, 10, 6, blue, 2, white);
    const at = pixels(canvas);
    expect(at(10, 10)).toEqual(blue);
    expect(at(10, 3)).toEqual(white); // 6.5 from the centre: on the rim
    expect(at(10, 1)).toEqual(transparent);
  });

  it('places positions by its placement, and keeps widths in pixels', () => {
    // Ten units a pixel, y upwards from 100 at the top, as metres are placed on an image.
    const canvas = new Canvas(10, 10, { scaleX: 0.1, offsetX: 0, scaleY: -0.1, offsetY: 10 });
    canvas.fillRings([box(20, 20, 80, 80)], red, 1);
    canvas.strokeLines([Float64Array.of(0, 95, 100, 95)], 1, blue);
    const at = pixels(canvas);
    expect(at(5, 5)).toEqual(red);
    expect(at(1, 5)).toEqual(transparent);
    expect(at(5, 0)).toEqual(blue);
    expect(at(5, 1)).toEqual(transparent);
  });
});
