import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { deriveAll } from './derive-layers.ts';
import { DERIVED } from './derived-files.ts';
import { RAW_DIR } from './paths.ts';

const figure = (collection: FeatureCollection, county: string, property: string) =>
  collection.features.find((f) => f.properties?.name === county)?.properties?.[property];

describe('derived county layers', () => {
  const derived = deriveAll();

  it('still equal what the code computes from the source tables (run npm run layers:derive after a change)', () => {
    for (const [file, collection] of Object.entries(derived)) {
      expect(JSON.parse(readFileSync(join(RAW_DIR, file), 'utf8')), file).toEqual(collection);
    }
  });

  it('join every one of the 47 counties, whatever spelling each table uses', () => {
    for (const { file } of [DERIVED.electricity, DERIVED.rainfall, DERIVED.ndvi])
      expect(derived[file].features).toHaveLength(47);
  });

  it('carry the census figures as published (Nairobi City 96.5 %, Turkana 8.6 %, Taita/Taveta 47.6 %)', () => {
    const access = derived[DERIVED.electricity.file];
    expect(figure(access, 'Nairobi', 'electricity_access_pct')).toBe(96.5);
    expect(figure(access, 'Turkana', 'electricity_access_pct')).toBe(8.6);
    expect(figure(access, 'Taita-Taveta', 'electricity_access_pct')).toBe(47.6);
  });

  it('average whole years of rainfall and NDVI into plausible county figures', () => {
    const rainfall = derived[DERIVED.rainfall.file].features.map((f) => f.properties?.rainfall_mm as number);
    expect(Math.min(...rainfall)).toBeGreaterThan(150);
    expect(Math.max(...rainfall)).toBeLessThan(3000);
    // The arid north-east gets far less rain than the western highlands.
    expect(figure(derived[DERIVED.rainfall.file], 'Mandera', 'rainfall_mm')).toBeLessThan(
      figure(derived[DERIVED.rainfall.file], 'Kakamega', 'rainfall_mm'),
    );
    const ndvi = derived[DERIVED.ndvi.file].features.map((f) => f.properties?.ndvi as number);
    expect(Math.min(...ndvi)).toBeGreaterThan(0);
    expect(Math.max(...ndvi)).toBeLessThan(1);
  });
});
