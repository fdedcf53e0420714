import type { Feature, FeatureCollection, GeoJsonProperties, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import { topology } from 'topojson-server';
import { presimplify, quantile, simplify } from 'topojson-simplify';

type Area = Feature<Polygon | MultiPolygon>;

/**
 * Polygons simplified together, so neighbours keep one shared border (no gaps or overlaps where
 * each outline was simplified alone): the `keep` share of the points that matter most for the shape
 * (Visvalingam weights) stays, coordinates rounded to `decimals` places.
 */
export function simplifyAreas(areas: FeatureCollection<Polygon | MultiPolygon>, keep: number, decimals = 3): Area[] {
  const shared = presimplify(
    topology({ areas }) as TopoJSON.Topology<{ areas: TopoJSON.GeometryCollection<NonNullable<GeoJsonProperties>> }>,
  );
  const simplified = simplify(shared, quantile(shared, keep));
  const round = (p: Position) => p.map((c) => Math.round(c * 10 ** decimals) / 10 ** decimals);
  const collection = feature(simplified, simplified.objects.areas) as FeatureCollection<Polygon | MultiPolygon>;
  return collection.features.map((f) => ({
    ...f,
    geometry:
      f.geometry.type === 'Polygon'
        ? { type: 'Polygon', coordinates: f.geometry.coordinates.map((ring) => ring.map(round)) }
        : {
            type: 'MultiPolygon',
            coordinates: f.geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(round))),
          },
  }));
}
