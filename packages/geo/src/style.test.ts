import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  colourFor,
  defaultRamp,
  featureColour,
  featureValue,
  type LayerStyle,
  parseColour,
} from './style.ts';

describe('colourFor', () => {
  const ramp = {
    type: 'ramp' as const,
    unit: 'm',
    stops: [
      [0, '#000000'],
      [10, '#ff0000'],
      [20, '#ffffff'],
    ] as [number, string][],
  };

  it('interpolates between stops and clamps outside them', () => {
    expect(colourFor(ramp, 5)).toEqual([128, 0, 0, 255]);
    expect(colourFor(ramp, 15)).toEqual([255, 128, 128, 255]);
    expect(colourFor(ramp, -100)).toEqual([0, 0, 0, 255]);
    expect(colourFor(ramp, 1000)).toEqual([255, 255, 255, 255]);
    expect(colourFor(ramp, Number.NaN)).toBeUndefined();
  });

  it('reads hex colours in either case', () => {
    expect(parseColour('#00ff00')).toEqual([0, 255, 0, 255]);
    expect(parseColour('#3708FF')).toEqual([55, 8, 255, 255]);
  });

  it('spreads a default ramp over the value range', () => {
    const style = defaultRamp(10, 50, 'kg');
    expect(style.type === 'ramp' && style.stops.map(([v]) => v)).toEqual([10, 20, 30, 40, 50]);
  });
});

describe('colours of vector features', () => {
  const status: LayerStyle = {
    type: 'categories',
    property: 'status',
    categories: [
      { value: 'proposed', colour: '#56B4E9', label: 'Proposed' },
      { value: 'cancelled', colour: '#000000', label: 'Cancelled' },
    ],
  };
  const access: LayerStyle = {
    type: 'ramp',
    unit: '%',
    property: 'pct',
    stops: [
      [0, '#000000'],
      [100, '#0000ff'],
    ],
  };

  it('colours a feature by the text class its property names, and leaves an unlisted class undrawn', () => {
    expect(featureColour(status, { status: 'proposed' })).toEqual([86, 180, 233, 255]);
    expect(featureColour(status, { status: 'cancelled' })).toEqual([0, 0, 0, 255]);
    expect(featureColour(status, { status: 'operating' })).toBeUndefined();
    expect(featureColour(status, { name: 'no status' })).toBeUndefined();
    // Classes are matched exactly: 'Proposed' is not 'proposed'.
    expect(featureColour(status, { status: 'Proposed' })).toBeUndefined();
  });

  it('reads a ramp property as a number, also when written as text, and leaves empty values undrawn', () => {
    expect(featureValue(access, { pct: '50' })).toBe(50);
    expect(featureColour(access, { pct: 50 })).toEqual([0, 0, 128, 255]);
    expect(featureColour(access, { pct: null })).toBeUndefined();
    expect(featureColour(access, { pct: '' })).toBeUndefined();
    expect(featureColour(access, { pct: 'n/a' })).toBeUndefined();
  });

  it('names the class of a value for categories styles only', () => {
    expect(categoryLabel(status, 'cancelled')).toBe('Cancelled');
    expect(categoryLabel(status, 'operating')).toBeNull();
    expect(categoryLabel(access, 50)).toBeNull();
    expect(colourFor(status, 'proposed')).toEqual(parseColour('#56B4E9'));
  });
});
