import { featureAt } from '@portal/geo/hit';
import { readGeoJson } from '@portal/geo/vector';
import type { CanonicalLocation, LocationIndex } from './locations.ts';
import type { Manifest } from './manifest.ts';

/** The county boundaries that settle a place given by its coordinates (geoBoundaries ADM1, with KNBS codes). */
export const COUNTY_BOUNDARIES_FILE = 'boundaries/kenya_counties.geojson';

/** Finds the county whose boundary holds a point; undefined outside every county. */
export type CountyFinder = (lon: number, lat: number) => CanonicalLocation | undefined;

/**
 * Builds a finder over the county polygons of a GeoJSON file whose features carry `county_code`.
 * @example countyFinder(readFileSync(join(RAW_DIR, COUNTY_BOUNDARIES_FILE), 'utf8'), locations)(37.64, 0.5) // Isiolo
 */
export function countyFinder(geoJson: string, locations: LocationIndex): CountyFinder {
  const features = readGeoJson(geoJson);
  return (lon, lat) => {
    const code: unknown = featureAt(features, lon, lat, 0)?.properties?.county_code;
    return typeof code === 'number' ? locations.county(code) : undefined;
  };
}

/** Whether a manifest places rows by their coordinates, and so needs the county boundaries. */
export const placesByCoordinates = (manifest: Manifest): boolean =>
  'column' in manifest.location && (manifest.location.fallbacks ?? []).some((fallback) => 'countyAt' in fallback);
