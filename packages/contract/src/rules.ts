import type { Representation } from './catalog.ts';

/**
 * The 'Data Page' target on /filters/{type}/overview: the source's path with its first
 * segment 'sectors' replaced by 'filters/{type}'.
 * @example overviewTarget('/sectors/agriculture/carbon', 'raster') // '/filters/raster/agriculture/carbon'
 */
export function overviewTarget(dataPageURL: string, type: Representation): string {
  return dataPageURL.replace(/^\/sectors(?=\/)/, `/filters/${type}`);
}

/** A layer's name as written in a URL: spaces become underscores. */
export function layerNameToParam(name: string): string {
  return name.replace(/ /g, '_');
}

/** The layer (store) name a URL parameter stands for: underscores become spaces. */
export function layerParamToName(param: string): string {
  return param.replace(/_/g, ' ');
}

/** The layer name inside a menu entry: the part before the first '(' ('Power Stations(sh)' → 'Power Stations'). */
export function layerNameFromMenuLabel(label: string): string {
  const cut = label.indexOf('(');
  return (cut === -1 ? label : label.slice(0, cut)).trim();
}

/** The menu entry of a layer: vector (shapefile-like) layers end in '(sh)' as in the spec. */
export function layerMenuLabel(name: string, kind: 'raster' | 'vector'): string {
  return kind === 'vector' ? `${name}(sh)` : name;
}

/** Raster layer page of a source: /sectors/{sector}/{source}/raster/{Layer_Name}. */
export function sectorLayerPath(dataPageURL: string, layerName: string): string {
  return `${dataPageURL}/raster/${layerNameToParam(layerName)}`;
}

/** Raster layer page on the filter side: /filters/raster/{Layer_Name}. */
export function filterLayerPath(layerName: string): string {
  return `/filters/raster/${layerNameToParam(layerName)}`;
}

/** Id of a toggle switch in the timeseries checklists: lowercased, spaces to hyphens. */
export function toggleId(name: string): string {
  return name.toLowerCase().replace(/ /g, '-');
}
