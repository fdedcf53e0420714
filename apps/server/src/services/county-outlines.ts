import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { County, CountyOutlines } from '@portal/contract/counties';
import { simplifyAreas } from '@portal/geo/simplify';

const COUNTIES_FILE = 'boundaries/kenya_counties.geojson';
/**
 * Share of the outline points kept: 10 % draws the counties recognisably at a page's size in
 * about 10 kB compressed (47 kB raw), against 120 kB for the full outlines.
 */
const OUTLINE_KEEP = 0.1;

/** The county outlines, simplified with shared borders kept shared, named and slugged as the data names them. */
export function countyOutlines(rawDir: string, counties: County[]): CountyOutlines {
  const file = JSON.parse(readFileSync(join(rawDir, COUNTIES_FILE), 'utf8')) as FeatureCollection<
    Polygon | MultiPolygon
  >;
  const features = simplifyAreas(file, OUTLINE_KEEP).flatMap((f) => {
    const county = counties.find((c) => c.code === f.properties?.county_code);
    return county ? [{ type: 'Feature', properties: county, geometry: f.geometry }] : [];
  });
  return { type: 'FeatureCollection', features } as CountyOutlines;
}
