import type { Feature, Polygon } from 'geojson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Coverage } from './coverage.ts';
import { decodePng, encodeIndexedPng } from './png.ts';
import { prepareShapes } from './shapes.ts';
import type { Bbox } from './projection.ts';
import type { LayerStyle } from './style.ts';
import { renderVector } from './vector.ts';

const square = (west: number, south: number, size = 1): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});
const area = (name: string, geometry: Polygon): Feature => ({ type: 'Feature', properties: { name }, geometry });
// Two squares side by side: the border at 1° east is the west one's fourth edge and the east one's second, run the other way.
const pair = [area('west', square(0, 0)), area('east', square(1, 0))];

describe('prepareShapes', () => {
  it('projects positions to Web Mercator metres', () => {
    const [west] = prepareShapes(pair).features;
    const part = west.parts[0];
    expect(part.kind).toBe('rings');
    const ring = part.kind === 'rings' ? part.rings[0] : new Float64Array();
    // 1° east of Greenwich on the equator, and 1° north: 111,319.5 m and 111,325.1 m.
    expect(ring[2]).toBeCloseTo(111319.49, 1);
    expect(ring[5]).toBeCloseTo(111325.14, 1);
  });

  it("gives a border two polygons share to the first, and marks it in the second's outline", () => {
    const [west, east] = prepareShapes(pair).features;
    expect(west.outlines.map((o) => o.sharedWith)).toEqual([-1]);
    expect(east.outlines.map((o) => o.sharedWith).sort()).toEqual([-1, 0]);
    const shared = east.outlines.find((o) => o.sharedWith === 0)!;
    // The one edge from (1°, 1°) to (1°, 0°): two positions.
    expect(shared.path).toHaveLength(4);
    expect(shared.path[0]).toBeCloseTo(shared.path[2]);
  });

  it('keeps a stretch across the start of a ring in one piece', () => {
    // The east square's ring starts in the middle of its own outline, so its own stretch runs across the start.
    const east = area('east', {
      type: 'Polygon',
      coordinates: [
        [
          [2, 0],
          [2, 1],
          [1, 1],
          [1, 0],
          [2, 0],
        ],
      ],
    });
    const [, shape] = prepareShapes([pair[0], east]).features;
    expect(shape.outlines.map((o) => [o.sharedWith, o.path.length / 2])).toEqual([
      [-1, 4],
      [0, 2],
    ]);
  });
});

describe('outlines of neighbours', () => {
  afterEach(() => vi.restoreAllMocks());
  const style: LayerStyle = { type: 'fill', fill: '#0000ff', stroke: '#ff0000', fillOpacity: 0.5, strokeWidth: 4 };

  // 20 pixels a degree: the shared border at x = 30, the west square's west border at x = 10.
  const bbox: Bbox = [-0.5, -0.5, 2.5, 1.5];
  const draw = async (drawn: LayerStyle) => {
    const png = await decodePng(await encodeIndexedPng(renderVector(pair, drawn, bbox, 60, 40)));
    return (x: number, y: number) => Array.from(png.pixels.subarray((y * 60 + x) * 4, (y * 60 + x) * 4 + 4));
  };

  it('strokes a shared border once, over both fills', async () => {
    const segments = vi.spyOn(Coverage.prototype, 'addSegment');
    const at = await draw(style);
    // Eight edges, one of them shared.
    expect(segments).toHaveBeenCalledTimes(7);
    // Stroked 2 pixels wide, half each side.
    expect(at(29, 20)).toEqual([255, 0, 0, 255]);
    expect(at(30, 20)).toEqual([255, 0, 0, 255]);
    expect(at(10, 20)).toEqual([255, 0, 0, 255]);
    expect(at(40, 20)).toEqual([0, 0, 255, 128]);
  });

  it('strokes the shared border with the second polygon when the first is left out', async () => {
    const eastOnly: LayerStyle = {
      type: 'categories',
      property: 'name',
      categories: [{ value: 'east', colour: '#0000ff', label: 'East' }],
    };
    const at = await draw(eastOnly);
    // Categories outline in white, 0.75 pixels wide: part of the pixel west of the border, none of the west square's own outline.
    const [r, g, b, alpha] = at(29, 20);
    expect([r, g, b]).toEqual([255, 255, 255]);
    expect(alpha).toBeGreaterThan(0);
    expect(at(10, 20)).toEqual([0, 0, 0, 0]);
    expect(at(40, 20)).toEqual([0, 0, 255, 217]);
  });
});
