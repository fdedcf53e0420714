import { describe, expect, it } from 'vitest';
import { HIGHLIGHT, lineColour, NEUTRAL, PALETTE } from './chart-style.ts';

describe('series colours', () => {
  it('gives up to twelve lines colours that do not repeat, and more lines one neutral colour, picked out in the highlight', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => lineColour(i, 12, 'plain'));
    expect(new Set(twelve).size).toBe(12);
    expect(twelve).toEqual(PALETTE);
    expect(twelve).not.toContain(NEUTRAL);
    const thirteen = Array.from({ length: 13 }, (_, i) => lineColour(i, 13, 'plain'));
    expect(new Set(thirteen)).toEqual(new Set([NEUTRAL]));
    expect(lineColour(4, 48, 'picked')).toBe(HIGHLIGHT);
    expect(lineColour(4, 5, 'picked')).toBe(PALETTE[4]);
    expect(lineColour(4, 5, 'faded')).not.toBe(PALETTE[4]);
  });
});
