import type { LayerStyle } from '@portal/contract/layers';

export type { LayerStyle };

export type Rgba = [number, number, number, number];

/** '#rrggbb' as RGBA bytes (alpha 255). */
export function parseColour(hex: string): Rgba {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}

/**
 * The colour a style gives a value, or undefined when the value is not drawn: a ramp colours
 * finite numbers, categories colour the values they list (numbers or text).
 * @example colourFor({ type: 'ramp', unit: 'm', stops: [[0, '#000000'], [10, '#ffffff']] }, 5) // [128, 128, 128, 255]
 */
export function colourFor(style: LayerStyle, value: number | string): Rgba | undefined {
  if (style.type === 'fill') return parseColour(style.fill);
  if (style.type === 'categories') {
    const category = style.categories.find((c) => c.value === value);
    return category && parseColour(category.colour);
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
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

/**
 * The value a vector feature is coloured by: its `property` as the file holds it (a number written
 * as text counts as that number for a ramp), or undefined when the style reads no property or the
 * feature has no value there.
 */
export function featureValue(
  style: LayerStyle,
  properties: Record<string, unknown> | null | undefined,
): number | string | undefined {
  if (style.type === 'fill' || style.property === undefined) return undefined;
  const raw = properties?.[style.property];
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  return style.type === 'ramp' ? Number(raw) : raw;
}

/** The colour of a vector feature, or undefined when its style leaves it undrawn. */
export function featureColour(
  style: LayerStyle,
  properties: Record<string, unknown> | null | undefined,
): Rgba | undefined {
  if (style.type === 'fill') return parseColour(style.fill);
  const value = featureValue(style, properties);
  return value === undefined ? undefined : colourFor(style, value);
}

/** The label of the class a value falls in, for categories styles; null otherwise. */
export function categoryLabel(
  style: LayerStyle | null | undefined,
  value: number | string | null | undefined,
): string | null {
  if (style?.type !== 'categories' || value === null || value === undefined) return null;
  return style.categories.find((c) => c.value === value)?.label ?? null;
}

/** A ramp from the lowest to the highest value with a neutral yellow-to-blue scheme, for layers added without a style. */
export function defaultRamp(min: number, max: number, unit = ''): LayerStyle {
  const span = max > min ? max - min : 1;
  const colours = ['#ffffcc', '#a1dab4', '#41b6c4', '#2c7fb8', '#253494'];
  return { type: 'ramp', unit, stops: colours.map((colour, i) => [min + (span * i) / (colours.length - 1), colour]) };
}

/** The style of a vector layer added without one. */
export const DEFAULT_FILL: LayerStyle = { type: 'fill', fill: '#3388ff', stroke: '#1a4f99', fillOpacity: 0.5 };
