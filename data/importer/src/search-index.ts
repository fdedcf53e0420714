import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { translatedTerms } from '@portal/contract/search-words';
import type { Database } from '@portal/db/database';
import { listLayers } from '@portal/db/queries/catalog.queries';
import { rebuildSearchIndex, type SearchFeature } from '@portal/db/queries/search-index.queries';
import { featuresBbox } from '@portal/geo/extent';
import { readGeoJson } from '@portal/geo/vector';
import { RAW_DIR } from './paths.ts';

/** Properties that name a point in the shipped layers (AQUASTAT's dams say `Dam_name`). */
const NAME_PROPERTIES = ['name', 'Dam_name'];

/**
 * Rebuilds the search index (ADR 0015) from the database and the named points of the vector
 * layers (dams, power plants, substations, airports, towns), with the search glossary's words of
 * other languages (ADR 0035). Called after the catalogue load and the data import, so the index
 * always follows what is loaded.
 */
export async function refreshSearchIndex(db: Kysely<Database>, rawDir = RAW_DIR): Promise<number> {
  const features: SearchFeature[] = [];
  for (const layer of await listLayers(db)) {
    const path = join(rawDir, layer.file);
    if (layer.kind !== 'vector' || !existsSync(path)) continue;
    const seen = new Set<string>();
    for (const feature of readGeoJson(readFileSync(path, 'utf8'), layer.feature_filter)) {
      // Points are the things a map centres on (a dam, a plant); areas and lines are found by their layer.
      if (feature.geometry.type !== 'Point' && feature.geometry.type !== 'MultiPoint') continue;
      const value = NAME_PROPERTIES.map((p) => feature.properties?.[p] as unknown).find(
        (v) => typeof v === 'string' && v.trim(),
      );
      const name = typeof value === 'string' ? value.trim() : undefined;
      // A river drawn in several pieces is one feature to find.
      if (!name || seen.has(name)) continue;
      seen.add(name);
      const [west, south, east, north] = featuresBbox([feature]);
      features.push({ layer: layer.name, name, lat: round((south + north) / 2), lon: round((west + east) / 2) });
    }
  }
  return rebuildSearchIndex(db, features, translatedTerms);
}

const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
