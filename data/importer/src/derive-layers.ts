import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { DERIVED } from './derived-files.ts';
import { gemProjects } from './derive-gem-projects.ts';
import { RAW_DIR } from './paths.ts';

/**
 * Layers computed from the real tables in data/raw: county figures joined to the 47 county polygons
 * (geoBoundaries), and GEM's plant projects as points. The outputs live in data/raw/derived/ (see
 * its README.md and derived-files.ts) and a test checks that they still equal what this code computes.
 */

const COUNTIES = 'boundaries/kenya_counties.geojson';
const CENSUS_LIGHTING = 'population_census2019/V4_T2.19.csv';
const RAINFALL = 'climate/kenya_county_monthly_rainfall_wfp_chirps_2015_2026.csv';
const NDVI = 'land/kenya_county_monthly_ndvi_wfp_modis_2015_2026.csv';
const FIRST_YEAR = 2015;
const LAST_YEAR = 2025;

// The tables spell counties differently ('TAITA/TAVETA', 'Taita Taveta', 'Taita-Taveta'); letters alone agree.
const key = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** Coordinates to 4 decimals (about 10 m, finer than the 5-decimal source needs for a county map). */
function compact(geometry: Geometry): Geometry {
  const ring = (positions: Position[]) =>
    positions
      .map(([lon, lat]) => [round(lon, 4), round(lat, 4)])
      .filter((p, i, all) => i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]);
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates.map(ring) };
  if (geometry.type === 'MultiPolygon')
    return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((p) => p.map(ring)) };
  return geometry;
}

function readCsv(rawDir: string, file: string): Record<string, string>[] {
  return parse(readFileSync(join(rawDir, file)), { columns: true, skip_empty_lines: true, trim: true });
}

/** The counties with `value(county)` added as `property`; a county without a figure is an error. */
function joinCounties(
  rawDir: string,
  property: string,
  figures: Map<string, number>,
  digits: number,
): FeatureCollection {
  const counties = JSON.parse(readFileSync(join(rawDir, COUNTIES), 'utf8')) as FeatureCollection;
  const features: Feature[] = counties.features.map((county) => {
    const { county_code, name, census_name } = county.properties as {
      county_code: number;
      name: string;
      census_name: string;
    };
    const figure = figures.get(key(name)) ?? figures.get(key(census_name));
    if (figure === undefined) throw new Error(`no ${property} figure for county '${name}'`);
    return {
      type: 'Feature',
      properties: { county_code, name, [property]: round(figure, digits) },
      geometry: compact(county.geometry),
    };
  });
  return { type: 'FeatureCollection', features };
}

/** Share of conventional households lit mainly by mains electricity, 2019 census, per county (%). */
export function electricityAccess(rawDir = RAW_DIR): FeatureCollection {
  const rows = readCsv(rawDir, CENSUS_LIGHTING).filter((row) => row.AdminArea === 'County');
  const figures = new Map(rows.map((row) => [key(row.County), Number(row.MainsElectricity)]));
  return joinCounties(rawDir, 'electricity_access_pct', figures, 1);
}

/** Mean over full years of a yearly figure made from monthly rows (`County`, `Month` YYYY-MM). */
function meanOfYears(
  rows: Record<string, string>[],
  column: string,
  perYear: (months: number[]) => number,
): Map<string, number> {
  const byCountyYear = new Map<string, number[]>();
  for (const row of rows) {
    const year = Number(row.Month.slice(0, 4));
    if (year < FIRST_YEAR || year > LAST_YEAR) continue;
    const id = `${key(row.County)}|${year}`;
    byCountyYear.set(id, [...(byCountyYear.get(id) ?? []), Number(row[column])]);
  }
  const sums = new Map<string, number[]>();
  for (const [id, months] of byCountyYear) {
    if (months.length !== 12) throw new Error(`${id}: ${months.length} months instead of 12`);
    const county = id.split('|')[0];
    sums.set(county, [...(sums.get(county) ?? []), perYear(months)]);
  }
  return new Map([...sums].map(([county, years]) => [county, years.reduce((a, b) => a + b, 0) / years.length]));
}

/** Mean annual rainfall 2015-2025 per county (mm): the sum of WFP's monthly CHIRPS rainfall (r1h), averaged over the years. */
export function meanAnnualRainfall(rawDir = RAW_DIR): FeatureCollection {
  const figures = meanOfYears(readCsv(rawDir, RAINFALL), 'r1h', (months) => months.reduce((a, b) => a + b, 0));
  return joinCounties(rawDir, 'rainfall_mm', figures, 0);
}

/** Mean NDVI 2015-2025 per county: WFP's monthly MODIS NDVI (vim), averaged over months and years. */
export function meanNdvi(rawDir = RAW_DIR): FeatureCollection {
  const figures = meanOfYears(readCsv(rawDir, NDVI), 'vim', (months) => months.reduce((a, b) => a + b, 0) / 12);
  return joinCounties(rawDir, 'ndvi', figures, 3);
}

/** Every derived layer file, by its path under data/raw. */
export function deriveAll(rawDir = RAW_DIR): Record<string, FeatureCollection> {
  return {
    [DERIVED.electricity.file]: electricityAccess(rawDir),
    [DERIVED.rainfall.file]: meanAnnualRainfall(rawDir),
    [DERIVED.ndvi.file]: meanNdvi(rawDir),
    [DERIVED.gemProjects.file]: gemProjects(rawDir),
  };
}
