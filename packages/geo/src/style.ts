import type { LayerStyle } from '@portal/contract/layers';

export type { LayerStyle };

export type Rgba = [number, number, number, number];

/** '#rrggbb' as RGBA bytes (alpha 255). */
export function parseColour(hex: string): Rgba {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}

/**
 * The colour a style gives a value, or undefined when the value is not drawn.
 * @example colourFor({ type: 'ramp', unit: 'm', stops: [[0, '#000000'], [10, '#ffffff']] }, 5) // [128, 128, 128, 255]
 */
export function colourFor(style: LayerStyle, value: number): Rgba | undefined {
  if (!Number.isFinite(value)) return undefined;
  if (style.type === 'fill') return parseColour(style.fill);
  if (style.type === 'categories') {
    const category = style.categories.find((c) => c.value === value);
    return category && parseColour(category.colour);
  }
  const { stops } = style;
  if (value <= stops[0][0]) return parseColour(stops[0][1]);
  for (let i = 1; i < stops.length; i++) {
    const [upper, upperColour] = stops[i];
    if (value <= upper) {
      const [lower, lowerColour] = stops[i - 1];
      const t = upper === lower ? 1 : (value - lower) / (upper - lower);
      const a = parseColour(lowerColour);
      const b = parseColour(upperColour);
      return [0, 1, 2].map((k) => Math.round(a[k] + (b[k] - a[k]) * t)).concat(255) as Rgba;
    }
  }
  return parseColour(stops[stops.length - 1][1]);
}

/** A ramp from the lowest to the highest value with a neutral yellow-to-blue scheme, for layers added without a style. */
export function defaultRamp(min: number, max: number, unit = ''): LayerStyle {
  const span = max > min ? max - min : 1;
  const colours = ['#ffffcc', '#a1dab4', '#41b6c4', '#2c7fb8', '#253494'];
  return { type: 'ramp', unit, stops: colours.map((colour, i) => [min + (span * i) / (colours.length - 1), colour]) };
}

/** The style of a vector layer added without one. */
export const DEFAULT_FILL: LayerStyle = { type: 'fill', fill: '#3388ff', stroke: '#1a4f99', fillOpacity: 0.5 };
