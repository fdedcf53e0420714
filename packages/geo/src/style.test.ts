import { describe, expect, it } from 'vitest';
import { colourFor, defaultRamp, parseColour } from './style.ts';

describe('colourFor', () => {
  const ramp = { type: 'ramp' as const, unit: 'm', stops: [[0, '#000000'], [10, '#ff0000'], [20, '#ffffff']] as [number, string][] };

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
