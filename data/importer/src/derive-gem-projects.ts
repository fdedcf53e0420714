import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Feature, FeatureCollection, Point } from 'geojson';
import { z } from 'zod';
import { featureAt } from '@portal/geo/hit';
import { parseCsv } from './csv-file.ts';

const GEM_UNITS = 'energy/ken_gem_coal_gas_units_2022.csv';
const COUNTIES = 'boundaries/kenya_counties.geojson';

// GEM writes 'not found' where it has no value; that is no value, not a name.
const text = z
  .string()
  .trim()
  .transform((value) => (value === '' || value === 'not found' ? null : value));
const decimal = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
  .transform(Number);

/** One unit row of the GEM coal and gas trackers as copied to data/raw (see SOURCES.md). */
const GemUnitSchema = z.object({
  tracker: z.string().trim().min(1),
  gem_id: z.string().regex(/^G\d+$/),
  plant: z.string().trim().min(1),
  fuel_type: z.string().trim().min(1),
  capacity_mw: decimal.pipe(z.number().positive()),
  status: z.string().trim().min(1),
  start_year: text,
  latitude: decimal.pipe(z.number().min(-90).max(90)),
  longitude: decimal.pipe(z.number().min(-180).max(180)),
  location_accuracy: text,
  local_area: text,
  sponsor_or_owner: text,
  parent: text,
  technology: text,
  annual_co2_mt: z.union([z.literal('').transform(() => null), decimal]),
  wiki_url: z.url(),
});
type GemUnit = z.infer<typeof GemUnitSchema>;

/** Fields every unit of a plant must share; a difference would be hidden by the merge, so it stops the derivation. */
const SHARED = [
  'tracker',
  'fuel_type',
  'status',
  'latitude',
  'longitude',
  'location_accuracy',
  'local_area',
  'sponsor_or_owner',
  'parent',
  'wiki_url',
] as const;

function readUnits(rawDir: string): GemUnit[] {
  const { header, records } = parseCsv(readFileSync(join(rawDir, GEM_UNITS)));
  return records.map(({ line, fields }) => {
    const parsed = GemUnitSchema.safeParse(Object.fromEntries(header.map((name, i) => [name, fields[i] ?? ''])));
    if (!parsed.success) throw new Error(`${GEM_UNITS}:${line}: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  });
}

const distinct = (values: (string | null)[]) =>
  [...new Set(values.filter((v): v is string => v !== null))].join('; ') || null;
const sum = (values: number[]) => Number(values.reduce((a, b) => a + b, 0).toFixed(2));

/**
 * Kenya's coal and gas plant projects of Global Energy Monitor's 2022 trackers, one point per plant:
 * units at one site share status, owner and coordinates, and a click should show the plant, not
 * one of its stacked units. Capacities (and coal CO2) are summed over the units; `qc_note` says
 * when the point lies in none of Kenya's counties.
 */
export function gemProjects(rawDir: string): FeatureCollection<Point> {
  const counties = (JSON.parse(readFileSync(join(rawDir, COUNTIES), 'utf8')) as FeatureCollection).features;
  const plants = new Map<string, GemUnit[]>();
  for (const unit of readUnits(rawDir)) plants.set(unit.plant, [...(plants.get(unit.plant) ?? []), unit]);

  const features = [...plants.values()].map((units): Feature<Point> => {
    const [first] = units;
    for (const key of SHARED) {
      if (units.some((unit) => unit[key] !== first[key]))
        throw new Error(`${GEM_UNITS}: the units of '${first.plant}' differ in ${key}`);
    }
    const inKenya = featureAt(counties, first.longitude, first.latitude, 0) !== undefined;
    const co2 = units.map((unit) => unit.annual_co2_mt);
    return {
      type: 'Feature',
      properties: {
        plant: first.plant,
        status: first.status,
        fuel_type: first.fuel_type,
        capacity_mw: sum(units.map((unit) => unit.capacity_mw)),
        units: units.length,
        technology: distinct(units.map((unit) => unit.technology)),
        start_year: distinct(units.map((unit) => unit.start_year)),
        annual_co2_mt: co2.every((value) => value !== null) ? sum(co2) : null,
        sponsor_or_owner: first.sponsor_or_owner,
        parent: first.parent,
        local_area: first.local_area,
        location_accuracy: first.location_accuracy,
        tracker: first.tracker,
        gem_ids: units.map((unit) => unit.gem_id).join('; '),
        wiki_url: first.wiki_url,
        qc_note: inKenya
          ? null
          : `GEM's coordinates (${first.latitude}, ${first.longitude}) lie outside Kenya's counties, though GEM names the site '${first.local_area}'`,
      },
      geometry: { type: 'Point', coordinates: [first.longitude, first.latitude] },
    };
  });
  return { type: 'FeatureCollection', features };
}
