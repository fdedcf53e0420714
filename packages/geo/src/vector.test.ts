import type { Feature } from 'geojson';
import { describe, expect, it } from 'vitest';
import { featureAt } from './hit.ts';
import { layerValueAt, parseLayer, renderLayer, uncategorisedValues } from './layer.ts';
import { decodePng, encodeIndexedPng } from './png.ts';
import type { Bbox } from './projection.ts';
import type { LayerStyle } from './style.ts';
import { featuresBbox } from './extent.ts';
import { readGeoJson, renderVector, VectorError } from './vector.ts';

const square = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
// A 2° square with a 1° hole, and a point and a line elsewhere.
const features: Feature[] = [
  {
    type: 'Feature',
    properties: { name: 'Block', value: 80 },
    geometry: { type: 'Polygon', coordinates: [square(0, 0, 2, 2), square(0.5, 0.5, 1.5, 1.5)] },
  },
  { type: 'Feature', properties: { name: 'Plant' }, geometry: { type: 'Point', coordinates: [3, 3] } },
  {
    type: 'Feature',
    properties: { name: 'Line' },
    geometry: {
      type: 'LineString',
      coordinates: [
        [3, 0],
        [4, 1],
      ],
    },
  },
];
const red: LayerStyle = { type: 'fill', fill: '#ff0000', stroke: '#ff0000', fillOpacity: 1, strokeWidth: 0 };

function pixel(image: { width: number; pixels: ArrayLike<number> }, x: number, y: number): number[] {
  const at = (y * image.width + x) * 4;
  return Array.from({ length: 4 }, (_, k) => image.pixels[at + k]);
}

describe('renderVector', () => {
  it('fills a polygon, cuts its hole and leaves the rest transparent', async () => {
    const bbox: Bbox = [0, 0, 4, 4];
    const png = await decodePng(await encodeIndexedPng(renderVector([features[0]], red, bbox, 40, 40)));
    // Near the equator Mercator rows are almost evenly spaced: 10 pixels a degree.
    expect(pixel(png, 2, 37)).toEqual([255, 0, 0, 255]);
    expect(pixel(png, 18, 22)).toEqual([255, 0, 0, 255]);
    expect(pixel(png, 10, 30)[3]).toBe(0); // in the hole
    expect(pixel(png, 30, 10)[3]).toBe(0); // outside
  });

  it('outlines polygons over every fill, so a border under a later polygon keeps its colour', async () => {
    // The second square covers the first one's eastern border at 1° east.
    const pair: Feature[] = [square(0, 0, 1, 1), square(0.5, 0, 1.5, 1)].map((ring) => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [ring] },
    }));
    const style: LayerStyle = { type: 'fill', fill: '#0000ff', stroke: '#ff0000', fillOpacity: 0.5, strokeWidth: 4 };
    const png = await decodePng(await encodeIndexedPng(renderVector(pair, style, [0, 0, 2, 1], 40, 20)));
    // The border at x = 20 is stroked 2 pixels wide, over both fills.
    expect(pixel(png, 19, 10)).toEqual([255, 0, 0, 255]);
    expect(pixel(png, 20, 10)).toEqual([255, 0, 0, 255]);
    expect(pixel(png, 5, 10)).toEqual([0, 0, 255, 128]);
  });

  it('colours a choropleth by its property through the ramp', async () => {
    const ramp: LayerStyle = {
      type: 'ramp',
      unit: '%',
      property: 'value',
      stops: [
        [0, '#000000'],
        [100, '#0000ff'],
      ],
    };
    const png = await decodePng(await encodeIndexedPng(renderVector([features[0]], ramp, [0, 0, 2, 2], 20, 20)));
    const [r, g, b, a] = pixel(png, 2, 2);
    // 80 of 0..100 is 80 % of the way to blue; choropleths are drawn 85 % opaque.
    expect([r, g, a]).toEqual([0, 0, Math.round(0.85 * 255)]);
    expect(Math.abs(b - 0.8 * 255)).toBeLessThanOrEqual(2);
  });
});

describe('points coloured by a text property', () => {
  const status: LayerStyle = {
    type: 'categories',
    property: 'status',
    radius: 6,
    categories: [
      { value: 'proposed', colour: '#0072b2', label: 'Proposed' },
      { value: 'cancelled', colour: '#e69f00', label: 'Cancelled' },
    ],
  };
  const plants: Feature[] = [
    {
      type: 'Feature',
      properties: { name: 'A', status: 'proposed' },
      geometry: { type: 'Point', coordinates: [1, 1] },
    },
    {
      type: 'Feature',
      properties: { name: 'B', status: 'cancelled' },
      geometry: { type: 'Point', coordinates: [3, 3] },
    },
    {
      type: 'Feature',
      properties: { name: 'C', status: 'operating' },
      geometry: { type: 'Point', coordinates: [3, 1] },
    },
  ];

  it("draws each dot in its class's colour and leaves a class the style does not list undrawn", async () => {
    const png = await decodePng(await encodeIndexedPng(renderVector(plants, status, [0, 0, 4, 4], 40, 40)));
    expect(pixel(png, 10, 30)).toEqual([0, 114, 178, 255]);
    expect(pixel(png, 30, 10)).toEqual([230, 159, 0, 255]);
    expect(pixel(png, 30, 30)[3]).toBe(0);
  });

  it('gives the class label of the feature under a click, and lists the values without a class', async () => {
    const data = await parseLayer(
      'vector',
      new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features: plants })),
    );
    expect(layerValueAt(data, status, 3.01, 3, 0.1)).toEqual({
      kind: 'vector',
      properties: { name: 'B', status: 'cancelled' },
      label: 'Cancelled',
    });
    expect(layerValueAt(data, red, 3.01, 3, 0.1).label).toBeNull();
    expect(uncategorisedValues(data, status)).toEqual(['operating']);
    expect(uncategorisedValues(data, red)).toEqual([]);
  });
});

describe('readGeoJson', () => {
  const text = JSON.stringify({ type: 'FeatureCollection', features });

  it('keeps the features that match a filter', () => {
    expect(readGeoJson(text, { name: 'Plant' }).map((f) => f.properties?.name)).toEqual(['Plant']);
  });

  it('refuses text that is not GeoJSON, an empty collection and projected coordinates', () => {
    expect(() => readGeoJson('{"type":')).toThrow(/not JSON/);
    expect(() => readGeoJson('{"type":"Topology"}')).toThrow(/not GeoJSON/);
    expect(() => readGeoJson(JSON.stringify({ type: 'FeatureCollection', features: [] }))).toThrow(/no feature/);
    const utm = { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [250000, 9800000] } };
    expect(() => readGeoJson(JSON.stringify(utm))).toThrow(VectorError);
    // A lone point near the antimeridian is checked where it is, not over its widened extent.
    const fiji = { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [179.9, -17] } };
    expect(readGeoJson(JSON.stringify(fiji))).toHaveLength(1);
  });
});

describe('renderLayer and layerValueAt for vectors', () => {
  it('renders within the padded extent of the features', async () => {
    const data = await parseLayer(
      'vector',
      new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features })),
    );
    const rendered = await renderLayer(data, red, 200);
    expect(rendered.bbox[0]).toBeLessThan(0);
    expect(rendered.bbox[2]).toBeGreaterThan(4);
    expect(Math.max(rendered.width, rendered.height)).toBe(200);
  });

  it('widens an extent narrower than a degree to one degree around its middle, so a lone point has surroundings', () => {
    expect(featuresBbox([features[1]])).toEqual([2.5, 2.5, 3.5, 3.5]);
    expect(featuresBbox([features[0]])).toEqual([0, 0, 2, 2]);
    const line: Feature = {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [36, -1.5],
          [36.4, 0.5],
        ],
      },
    };
    expect(featuresBbox([line])).toEqual([35.7, -1.5, 36.7, 0.5]);
  });

  it('finds the polygon under a point, the nearest dot or line within the tolerance, nothing in a hole', async () => {
    expect(featureAt(features, 0.2, 0.2, 0.1)?.properties?.name).toBe('Block');
    expect(featureAt(features, 1, 1, 0.1)).toBeUndefined();
    expect(featureAt(features, 3.05, 3.02, 0.1)?.properties?.name).toBe('Plant');
    expect(featureAt(features, 3.5, 0.55, 0.1)?.properties?.name).toBe('Line');
    const data = await parseLayer(
      'vector',
      new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features })),
    );
    expect(layerValueAt(data, red, 0.2, 0.2, 0.1)).toEqual({
      kind: 'vector',
      properties: { name: 'Block', value: 80 },
      label: null,
    });
  });
});
