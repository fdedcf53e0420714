import { REPRESENTATIONS, type Representation } from './catalog.ts';
import { layerParamToName } from './rules.ts';

/** What a path under /sectors/{sector}/ or /filters/{type}/ asks for. */
export type SourceRoute =
  | { kind: 'source'; sector: string; source: string; representation: Representation; layer?: string }
  | { kind: 'source-home'; sector: string; source: string }
  | { kind: 'layer'; layer: string }
  | { kind: 'not-found' };

const NOT_FOUND: SourceRoute = { kind: 'not-found' };
const isRepresentation = (s: string): s is Representation => (REPRESENTATIONS as readonly string[]).includes(s);

/**
 * Reads the segments after /sectors/{sector}/: {source}/timeseries, {source}/raster,
 * {source}/raster/{Layer_Name}, {source}/external, or {source} alone.
 */
export function parseSectorPath(sector: string, segments: string[]): SourceRoute {
  const [source, representation, layer, ...rest] = segments;
  if (!source || rest.length) return NOT_FOUND;
  if (representation === undefined) return { kind: 'source-home', sector, source };
  if (!isRepresentation(representation)) return NOT_FOUND;
  if (layer === undefined) return { kind: 'source', sector, source, representation };
  if (representation !== 'raster' || !layer) return NOT_FOUND;
  return { kind: 'source', sector, source, representation, layer: layerParamToName(layer) };
}

/**
 * Reads the segments after /filters/{type}/: {sector}/{source} (that source in this type),
 * raster/{Layer_Name} (one layer) and raster/{sector}/{source}/{Layer_Name}.
 */
export function parseFilterPath(type: string, segments: string[]): SourceRoute {
  if (!isRepresentation(type)) return NOT_FOUND;
  const [first, second, third, ...rest] = segments;
  if (!first || rest.length) return NOT_FOUND;
  if (second === undefined) return type === 'raster' ? { kind: 'layer', layer: layerParamToName(first) } : NOT_FOUND;
  if (third === undefined) return { kind: 'source', sector: first, source: second, representation: type };
  if (type !== 'raster' || !third) return NOT_FOUND;
  return { kind: 'source', sector: first, source: second, representation: type, layer: layerParamToName(third) };
}

/**
 * What the path segments of an address ask for when they lie under /sectors/{sector}/ or
 * /filters/{type}/; not-found for any other address (a sector's landing included).
 */
export function parseSourceSegments([first, second, ...rest]: string[]): SourceRoute {
  if (second === undefined) return NOT_FOUND;
  if (first === 'sectors') return parseSectorPath(second, rest);
  return first === 'filters' ? parseFilterPath(second, rest) : NOT_FOUND;
}
