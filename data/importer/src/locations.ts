import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { LocationKind } from '@portal/db/tables/timeseries.table';

const Text = z.string().trim().min(1, 'must not be empty');

export const LocationsFileSchema = z
  .object({
    $comment: z.string().optional(),
    locations: z
      .array(
        z
          .object({
            name: Text,
            kind: z.enum(['country', 'county', 'province', 'sub-location', 'place', 'model-entity']),
            /** A county's KNBS code; a sub-location or place may give the code of the county it lies in. */
            countyCode: z.number().int().min(1).max(47).optional(),
            aliases: z.array(Text).optional(),
            note: z.string().optional(),
          })
          .strict()
          .refine((l) => l.kind !== 'county' || l.countyCode !== undefined, {
            message: 'a county needs its countyCode (KNBS 1-47)',
          })
          .refine((l) => !['country', 'province', 'model-entity'].includes(l.kind) || l.countyCode === undefined, {
            message: 'only a county, or a sub-location or place inside one, has a countyCode',
          }),
      )
      .min(1),
  })
  .strict();

export interface CanonicalLocation {
  name: string;
  kind: LocationKind;
  countyCode: number | null;
}

/** A file that breaks the rules of locations.json; the message names the file. */
export class LocationsError extends Error {}

/**
 * The key two spellings must share to name the same place: lower case, letters and digits only.
 * @example locationKey('TAITA/TAVETA  ') === locationKey('Taita Taveta') // 'taitataveta'
 */
export function locationKey(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Finds the canonical location a source's spelling stands for; never guesses beyond the listed names. */
export class LocationIndex {
  readonly all: CanonicalLocation[];
  private readonly byKey = new Map<string, CanonicalLocation>();
  private readonly byName = new Map<string, CanonicalLocation>();
  private readonly counties = new Map<number, CanonicalLocation>();

  constructor(entries: z.infer<typeof LocationsFileSchema>['locations'], file = 'locations.json') {
    this.all = entries.map((e) => ({ name: e.name, kind: e.kind, countyCode: e.countyCode ?? null }));
    const problems: string[] = [];
    const codes = new Map<number, string>();
    entries.forEach((entry, index) => {
      const location = this.all[index];
      if (this.byName.has(entry.name)) problems.push(`'${entry.name}' is listed twice`);
      this.byName.set(entry.name, location);
      if (entry.kind === 'county' && entry.countyCode !== undefined) {
        const other = codes.get(entry.countyCode);
        if (other) problems.push(`county code ${entry.countyCode} is given to both '${other}' and '${entry.name}'`);
        codes.set(entry.countyCode, entry.name);
        this.counties.set(entry.countyCode, location);
      }
      for (const spelling of [entry.name, ...(entry.aliases ?? [])]) {
        const key = locationKey(spelling);
        const taken = this.byKey.get(key);
        if (!key) problems.push(`'${spelling}' has no letters or digits`);
        else if (taken && taken !== location)
          problems.push(`'${spelling}' of '${entry.name}' would also match '${taken.name}'`);
        else this.byKey.set(key, location);
      }
    });
    if (problems.length) throw new LocationsError(`${file}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }

  /** The canonical location for a spelling, or undefined when it names nothing known. */
  resolve(spelling: string): CanonicalLocation | undefined {
    return this.byKey.get(locationKey(spelling));
  }

  /** The canonical location of exactly this canonical name. */
  byCanonicalName(name: string): CanonicalLocation | undefined {
    return this.byName.get(name);
  }

  /** The county with this KNBS code. */
  county(code: number): CanonicalLocation | undefined {
    return this.counties.get(code);
  }
}

/** Reads and checks data/sources/locations.json (or another file of that form). */
export function readLocations(path: string): LocationIndex {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new LocationsError(`${path}: ${(error as Error).message}`);
  }
  const parsed = LocationsFileSchema.safeParse(raw);
  if (!parsed.success) throw new LocationsError(`${path}:\n${z.prettifyError(parsed.error)}`);
  return new LocationIndex(parsed.data.locations, path);
}
