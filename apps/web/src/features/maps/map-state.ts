import type { LayerSummary } from '@portal/contract/catalog';
import {
  type Bounds,
  type LayerStyle,
  MapViewParamsSchema,
  mercatorY,
  OUTLINE_IMAGE_BOUNDS,
  type WmsLayer,
} from '@portal/contract/layers';
import type { TFunction } from 'i18next';
import type { Language } from '@portal/contract/messages';
import { numberFormat } from '../../i18n';

/** The spec's opening view (section 9). */
export const INITIAL_CENTER: [number, number] = [9.1021, 18.2812];
export const INITIAL_ZOOM = 4;

/** The origin of a tile URL template, or null when it varies by subdomain (`{s}`). */
export const tileOrigin = (tileUrl: string): string | null => /^https?:\/\/[^/{}]+(?=\/)/.exec(tileUrl)?.[0] ?? null;

/** Session storage entry where a clicked raster layer link leaves its layer name (spec section 3). */
export const CLICKED_LAYER_KEY = 'layer';

/**
 * The key K of a store (spec section 3): the store name with spaces and slashes as underscores.
 * It names the K_layers entry and the export file (K.zip).
 */
export const storeKey = (store: string) => store.replace(/[ /]/g, '_');

/** Keeps a store's layers as the spec says: store → K, K_layers → the layer tuples. */
export function rememberStoreLayers(storage: Storage, store: string, layers: WmsLayer[]): void {
  const key = storeKey(store);
  storage.setItem(store, key);
  try {
    storage.setItem(`${key}_layers`, JSON.stringify(layers));
  } catch {
    // Images can outgrow the browser's quota; the export then keeps only the names.
    storage.setItem(`${key}_layers`, JSON.stringify(layers.map(([, bounds, name]) => ['', bounds, name])));
  }
}

/** The layer names kept for a store, or undefined when none were kept (the export then does nothing). */
export function storedLayerNames(storage: Storage, store: string): string[] | undefined {
  const key = storage.getItem(store);
  const raw = key && storage.getItem(`${key}_layers`);
  if (!raw) return undefined;
  try {
    return (JSON.parse(raw) as WmsLayer[]).map((layer) => layer[2]);
  } catch {
    return undefined;
  }
}

/** Which overlays are on, in the order they were turned on, and each layer's opacity. */
export interface OverlayState {
  visible: string[];
  opacity: Record<string, number>;
}

export const DEFAULT_OPACITY = 0.8;
export const initialOverlays: OverlayState = { visible: [], opacity: {} };

/** A point the map opens centred on, at a zoom. */
export interface PointView {
  center: [number, number];
  zoom: number;
}

/** Where a map opens: centred on a point at a zoom, or fitted to bounds. */
export type MapView = PointView | { bounds: Bounds };

/** The spec's opening view. */
export const SPEC_VIEW: PointView = { center: INITIAL_CENTER, zoom: INITIAL_ZOOM };

/** Kenya's bounds, as its outline image covers them. */
export const KENYA_BOUNDS = OUTLINE_IMAGE_BOUNDS;

/**
 * Where an image covering `bounds` lies in a map's box opened at `view`, as Leaflet lays an image
 * overlay: its top-left corner from the box's centre, and its size, in CSS pixels.
 */
export function imagePlacement([[south, west], [north, east]]: Bounds, { center: [lat, lon], zoom }: PointView) {
  // Pixels of the whole world at this zoom, as the base map's tiles divide it.
  const world = 256 * 2 ** zoom;
  const x = (longitude: number) => (world * longitude) / 360;
  const y = (latitude: number) => (-world * mercatorY(latitude)) / (2 * Math.PI);
  return { left: x(west) - x(lon), top: y(north) - y(lat), width: x(east) - x(west), height: y(south) - y(north) };
}

/**
 * Where an image covering `inner` lies in a box fitted to `outer`, in per cent of the box, and the
 * box's width over its height (both as the map projects them).
 */
export function placementWithin(inner: Bounds, outer: Bounds) {
  const view: PointView = { center: [0, 0], zoom: 0 };
  const box = imagePlacement(outer, view);
  const image = imagePlacement(inner, view);
  const percent = (value: number, of: number) => (100 * value) / of;
  return {
    aspectRatio: box.width / box.height,
    left: percent(image.left - box.left, box.width),
    top: percent(image.top - box.top, box.height),
    width: percent(image.width, box.width),
    height: percent(image.height, box.height),
  };
}

/**
 * The narrowest map box that shows the whole of Kenya at the spec's opening view (its centre lies
 * far west of Kenya); a narrower box opens fitted to Kenya instead (DECISIONS, map pages on narrow screens).
 */
export function narrowestBoxShowingKenya(): number {
  const { left, width } = imagePlacement(KENYA_BOUNDS, SPEC_VIEW);
  return Math.ceil(2 * Math.max(Math.abs(left), Math.abs(left + width)));
}

/**
 * Where a map page opens: the point its address names (a search result for a map feature); else
 * the bounds of the layer the page or its address names; else null, the spec's view, which a box
 * too narrow to show Kenya there replaces with Kenya's bounds (narrowestBoxShowingKenya).
 */
export function openingView(addressed: PointView | null, namedLayerBounds: Bounds | null): MapView | null {
  return addressed ?? (namedLayerBounds ? { bounds: namedLayerBounds } : null);
}

/**
 * The layers to turn on and the view to open at, from a map page's address (`?show=Dams&lat=-0.5&lon=37.4&zoom=12`);
 * what the address gets wrong is ignored, and the page opens as the spec says.
 */
export function mapViewFromParams(params: URLSearchParams): { overlays: OverlayState; view: PointView | null } {
  const parsed = MapViewParamsSchema.safeParse({ ...Object.fromEntries(params), show: params.getAll('show') });
  if (!parsed.success) return { overlays: initialOverlays, view: null };
  const { show, lat, lon, zoom } = parsed.data;
  return {
    overlays: { ...initialOverlays, visible: show },
    view: lat === undefined || lon === undefined ? null : { center: [lat, lon], zoom },
  };
}

export type OverlayAction =
  { type: 'shown' | 'hidden'; name: string } | { type: 'opacity'; name: string; value: number };

export function overlayReducer(state: OverlayState, action: OverlayAction): OverlayState {
  switch (action.type) {
    case 'shown':
      return { ...state, visible: [...state.visible.filter((n) => n !== action.name), action.name] };
    case 'hidden':
      return { ...state, visible: state.visible.filter((n) => n !== action.name) };
    case 'opacity':
      return { ...state, opacity: { ...state.opacity, [action.name]: Math.min(1, Math.max(0, action.value)) } };
  }
}

export const opacityOf = (state: OverlayState, name: string) => state.opacity[name] ?? DEFAULT_OPACITY;

/** Bounds per layer name (spec section 3: bounds are kept per layer name). */
export const boundsByName = (layers: WmsLayer[]): Record<string, Bounds> =>
  Object.fromEntries(layers.map(([, bounds, name]) => [name, bounds]));

/** The styles of the layers of points (a style with a `radius`), by name: the map draws those as markers. */
export const pointStyles = (layers: LayerSummary[]): Record<string, LayerStyle> =>
  Object.fromEntries(
    layers.flatMap(({ name, style }) =>
      style && 'radius' in style && style.radius !== undefined ? [[name, style]] : [],
    ),
  );

/** `dot`: the swatches are round, as the map draws points (a style with a `radius` is one of points). */
export type Legend =
  | { kind: 'ramp'; gradient: string; min: number; max: number; unit: string }
  | { kind: 'categories'; items: { colour: string; label: string }[]; dot: boolean }
  | { kind: 'fill'; fill: string; stroke: string; dot: boolean };

/** What a layer's legend shows: the ramp as a CSS gradient with its ends, class swatches, or a fill swatch. */
export function legendOf(style: LayerStyle): Legend {
  if (style.type === 'fill')
    return { kind: 'fill', fill: style.fill, stroke: style.stroke, dot: style.radius !== undefined };
  if (style.type === 'categories') {
    return {
      kind: 'categories',
      items: style.categories.map(({ colour, label }) => ({ colour, label })),
      dot: style.radius !== undefined,
    };
  }
  const min = style.stops[0][0];
  const max = style.stops[style.stops.length - 1][0];
  const at = (value: number) => `${(((value - min) / (max - min)) * 100).toFixed(1)}%`;
  const gradient = `linear-gradient(to right, ${style.stops.map(([value, colour]) => `${colour} ${at(value)}`).join(', ')})`;
  return { kind: 'ramp', gradient, min, max, unit: style.unit };
}

/** A layer's heading in the legend: a layer the portal computed itself says so before its name. */
export const legendTitle = (layer: Pick<LayerSummary, 'name' | 'derivedFrom'>, t: TFunction) =>
  layer.derivedFrom ? t('maps.derivedTitle', { name: layer.name }) : layer.name;

/** A popup value that is a web address, so it can be shown as a link; anything else is plain text. */
export const webAddress = (value: string | number | boolean) =>
  typeof value === 'string' && /^https?:\/\/\S+$/.test(value) ? value : null;

/** A number for a legend or popup: no more digits than the value needs. */
export const formatValue = (value: number, language: Language) =>
  numberFormat(language, { maximumFractionDigits: Math.abs(value) < 10 ? 3 : 1 }).format(value);
