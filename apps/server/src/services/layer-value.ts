import type { Feature } from 'geojson';
import type { LayerValue, PointFeatures, PopupValue } from '@portal/contract/layers';
import type { LayerValue as FoundValue } from '@portal/geo/layer';
import { categoryLabel, featureValue, type LayerStyle } from '@portal/geo/style';
import { derivedFrom } from '@portal/importer';

type Attribute = string | number | boolean | null;

/** How many attributes a click lists for a layer whose style names none. */
export const DEFAULT_FIELD_COUNT = 8;

const isEmpty = (value: Attribute) => value === null || value === '';

/** A feature's attributes as the API sends them: nested values become JSON text. */
export function plainAttributes(properties: Record<string, unknown>): Record<string, Attribute> {
  return Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [
      key,
      value === null || ['string', 'number', 'boolean'].includes(typeof value)
        ? (value as Attribute)
        : JSON.stringify(value),
    ]),
  );
}

/**
 * The attributes a click lists: the style's popup fields in order (the property a categories style
 * colours by shown with its legend label), or the feature's first attributes under their own names.
 * Empty values are left out.
 */
export function popupValues(style: LayerStyle | null, properties: Record<string, Attribute>): PopupValue[] {
  if (!style?.popup) {
    return Object.entries(properties)
      .filter(([, value]) => !isEmpty(value))
      .slice(0, DEFAULT_FIELD_COUNT)
      .map(([label, value]) => ({ label, value: value!, unit: null }));
  }
  return style.popup.flatMap(({ property, label, unit }) => {
    const value = properties[property] ?? null;
    if (isEmpty(value)) return [];
    const shown =
      style.type === 'categories' && style.property === property
        ? (categoryLabel(style, value as string | number) ?? value)
        : value;
    return [{ label, value: shown, unit: unit ?? null }];
  });
}

/** The API's answer for what a layer holds at a point, from what the geo package found there. */
export function describeLayerValue(
  layer: { name: string; file: string },
  style: LayerStyle | null,
  found: FoundValue,
): LayerValue {
  const unit = style?.type === 'ramp' ? style.unit : null;
  const common = { layer: layer.name, kind: found.kind, unit, derivedFrom: derivedFrom(layer.file) };
  if (found.kind === 'raster')
    return { ...common, value: found.value, label: found.label, properties: null, fields: null };
  if (!found.properties) return { ...common, value: null, label: null, properties: null, fields: null };
  const properties = plainAttributes(found.properties);
  const numeric = style?.type === 'ramp' && style.property ? properties[style.property] : null;
  return {
    ...common,
    value: typeof numeric === 'number' ? numeric : null,
    label: found.label,
    properties,
    fields: popupValues(style, properties),
  };
}

/** Whether a layer's features are all points, the layers a map draws as markers. */
export const isPointLayer = (features: Feature[]) =>
  features.length > 0 && features.every((f) => f.geometry?.type === 'Point' || f.geometry?.type === 'MultiPoint');

/**
 * A point layer's points as markers take them: each point (a multi-point's one by one) with its
 * name (its `name` attribute, else the first attribute a click lists), the legend label of its
 * class and the attributes a click lists, as `describeLayerValue` gives them for that feature.
 */
export function describePoints(style: LayerStyle | null, features: Feature[]): PointFeatures {
  return {
    type: 'FeatureCollection',
    features: features.flatMap((feature) => {
      const properties = plainAttributes(feature.properties ?? {});
      const fields = popupValues(style, properties);
      const name = typeof properties.name === 'string' && properties.name ? properties.name : fields[0]?.value;
      const common = {
        name: name === undefined ? null : String(name),
        category: style ? categoryLabel(style, featureValue(style, feature.properties)) : null,
        fields,
      };
      const geometry = feature.geometry;
      const points =
        geometry.type === 'Point' ? [geometry.coordinates] : geometry.type === 'MultiPoint' ? geometry.coordinates : [];
      return points.map(([lon, lat]) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [lon, lat] as [number, number] },
        properties: common,
      }));
    }),
  };
}
