import type { CountyFinder } from './county-finder.ts';
import type { CsvTable } from './csv-file.ts';
import { type CanonicalLocation, type LocationIndex, locationKey } from './locations.ts';
import { type ColumnTest, keyOf, type LocationFallback, type Manifest, type RowConditions } from './manifest.ts';
import { timestampParser } from './timestamps.ts';

/** A row or value left out of the import, with its line in the file and the reason. */
export interface Reject {
  line: number;
  reason: string;
}

export interface ExtractedObservation {
  /** Index of the variable in the manifest's `variables`. */
  variable: number;
  /** Canonical location name. */
  location: string;
  ts: string;
  value: number;
}

export interface Extraction {
  /** Data rows in the file (header and skipped lines not counted). */
  rowsRead: number;
  /** Rows that passed `where` and hold at least one of the manifest's variables. */
  rowsUsed: number;
  /** Values the source leaves empty ('', NA, '..'): skipped, never filled. */
  blanks: number;
  rejects: Reject[];
  observations: ExtractedObservation[];
  /** The canonical locations the observations use. */
  locations: CanonicalLocation[];
  /** Rows placed by a location fallback because their location column named no known place. */
  placedByFallback: number;
}

/** The file does not fit its manifest as a whole (a named column is missing); nothing is loaded. */
export class DatasetFileError extends Error {}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Turns the rows of a dataset's file into observations as its manifest describes. Pure: it reads
 * nothing and writes nothing. Every row is parsed before anything is kept; a row whose location,
 * timestamp or value cannot be read, or that the manifest excludes, becomes a reject with its line
 * and the reason, and the rest goes on. `countyAt` places rows by coordinates when a manifest asks.
 */
export function extractObservations(
  manifest: Manifest,
  table: CsvTable,
  locations: LocationIndex,
  countyAt?: CountyFinder,
): Extraction {
  const columns = new Map(table.header.map((name, index) => [name, index]));
  const missing = new Set<string>();
  const col = (name: string): number => {
    const index = columns.get(name);
    if (index === undefined) missing.add(name);
    return index ?? -1;
  };

  const rowTest = (conditions: RowConditions) => {
    const tests = Object.entries(conditions).map(([name, test]) => columnTest(col(name), test));
    return (fields: string[]) => tests.every((test) => test(fields));
  };
  const filters = (manifest.where ?? []).map(rowTest);
  const exclusions = (manifest.exclude ?? []).map(({ where, reason }) => ({ applies: rowTest(where), reason }));
  const keyColumns = manifest.long ? manifest.long.keyColumns.map(col) : [];
  const valueColumns = manifest.variables.map((v) => col(v.column ?? manifest.long!.valueColumn));
  const selected = new Map<string, number[]>();
  manifest.variables.forEach((variable, index) => {
    const key = keyOf(variable).join('\u0000');
    selected.set(key, [...(selected.get(key) ?? []), index]);
  });
  const everyVariable = manifest.variables.map((_, i) => i);
  const ownTests = manifest.variables.map((v) => (v.where ? rowTest(v.where) : undefined));
  const hasOwnTests = ownTests.some((test) => test !== undefined);
  const locate = locationReader(manifest, col, rowTest, locations, countyAt);
  const when = timeReader(manifest, col);
  if (missing.size) {
    throw new DatasetFileError(
      `${manifest.file}: no column ${[...missing].map((c) => `'${c}'`).join(', ')} (named by the manifest ${manifest.id}.json)`,
    );
  }
  // Its columns are among those named above, so none is missing.
  const unbalanced = manifest.partsOfWhole && unbalancedParts(manifest, table, col, filters);

  const blankValues = new Set(manifest.csv.blanks);
  const result: Extraction = {
    rowsRead: 0,
    rowsUsed: 0,
    blanks: 0,
    rejects: [],
    observations: [],
    locations: [],
    placedByFallback: 0,
  };
  const firstLine = new Map<string, number>();
  const sums = new Map<string, { observation: ExtractedObservation; count: number }>();

  for (const { line, fields } of table.records) {
    result.rowsRead += 1;
    const reject = (reason: string) => result.rejects.push({ line, reason });
    if (fields.length !== table.header.length) {
      reject(`has ${fields.length} fields where the header has ${table.header.length}`);
      continue;
    }
    if (filters.length && !filters.some((passes) => passes(fields))) continue;
    const keyed = manifest.long ? selected.get(keyColumns.map((c) => fields[c].trim()).join('\u0000')) : everyVariable;
    const variables = hasOwnTests ? keyed?.filter((i) => ownTests[i]?.(fields) ?? true) : keyed;
    if (!variables?.length) continue;
    result.rowsUsed += 1;
    const exclusion = exclusions.find(({ applies }) => applies(fields));
    if (exclusion) {
      reject(`left out: ${exclusion.reason}`);
      continue;
    }
    const imbalance = unbalanced?.get(line);
    if (imbalance) {
      reject(`left out: ${imbalance}`);
      continue;
    }

    const location = locate(fields);
    if ('error' in location) {
      reject(location.error);
      continue;
    }
    if (location.byFallback) result.placedByFallback += 1;
    const time = when(fields);
    if ('error' in time) {
      reject(time.error);
      continue;
    }

    for (const index of variables) {
      const variable = manifest.variables[index];
      const text = fields[valueColumns[index]].trim();
      if (blankValues.has(text)) {
        result.blanks += 1;
        continue;
      }
      const value = Number(text);
      if (!NUMBER.test(text) || !Number.isFinite(value)) {
        reject(`value '${text}' of '${variable.name}' (column '${table.header[valueColumns[index]]}') is not a number`);
        continue;
      }
      const key = `${index}\u0000${location.place.name}\u0000${time.ts}`;
      const observation = { variable: index, location: location.place.name, ts: time.ts, value };
      if (variable.aggregate) {
        const sum = sums.get(key);
        if (!sum) {
          sums.set(key, { observation, count: 1 });
          result.observations.push(observation);
        } else {
          sum.count += 1;
          const o = sum.observation;
          if (variable.aggregate === 'max') o.value = Math.max(o.value, value);
          else if (variable.aggregate === 'min') o.value = Math.min(o.value, value);
          else o.value += value;
        }
        continue;
      }
      const earlier = firstLine.get(key);
      if (earlier !== undefined) {
        reject(`'${variable.name}' for ${location.place.name} at ${time.ts} repeats line ${earlier}`);
        continue;
      }
      firstLine.set(key, line);
      result.observations.push(observation);
    }
  }
  for (const { observation, count } of sums.values()) {
    if (manifest.variables[observation.variable].aggregate === 'mean') observation.value /= count;
  }
  result.observations.push(...filledObservations(manifest, result.observations));
  const names = new Set(result.observations.map((o) => o.location));
  result.locations = locations.all.filter((l) => names.has(l.name));
  return result;
}

/** How far the parts may fall from their whole: the rounding of published figures. */
const PARTS_TOLERANCE = 0.01;

/**
 * The lines of the groups whose parts do not add up to their whole (`partsOfWhole`), but the
 * whole's own, each with the reason to leave it out. A group with a part or its whole missing or
 * blank cannot be checked and is kept as it is.
 */
function unbalancedParts(
  manifest: Manifest,
  table: CsvTable,
  col: (name: string) => number,
  filters: ((fields: string[]) => boolean)[],
): Map<number, string> {
  const { column, whole, parts, reason } = manifest.partsOfWhole!;
  const role = col(column);
  const value = col(manifest.long!.valueColumn);
  const location = 'column' in manifest.location ? [col(manifest.location.column)] : [];
  const timeColumn = manifest.time.column ?? [];
  const time = (Array.isArray(timeColumn) ? timeColumn : [timeColumn]).map(col);
  const grouping = [...location, ...time, ...manifest.long!.keyColumns.map(col).filter((c) => c !== role)];
  const groups = new Map<string, { lines: Map<string, number[]>; values: Map<string, string> }>();
  for (const { line, fields } of table.records) {
    if (fields.length !== table.header.length || (filters.length && !filters.some((passes) => passes(fields))))
      continue;
    const id = grouping.map((c) => fields[c].trim()).join('\u0000');
    const group = groups.get(id) ?? { lines: new Map<string, number[]>(), values: new Map<string, string>() };
    groups.set(id, group);
    const name = fields[role].trim();
    group.lines.set(name, [...(group.lines.get(name) ?? []), line]);
    group.values.set(name, fields[value].trim());
  }
  const unbalanced = new Map<number, string>();
  for (const { lines, values } of groups.values()) {
    const numbers = [whole, ...parts].map((name) => values.get(name) ?? '');
    if (numbers.some((text) => !NUMBER.test(text))) continue;
    const [total, ...shares] = numbers.map(Number);
    const sum = shares.reduce((a, b) => a + b, 0);
    if (Math.abs(sum - total) <= PARTS_TOLERANCE * Math.abs(total)) continue;
    const why = `${column} ${parts.join(', ')} add up to ${sum}, not the ${total} of '${whole}': ${reason}`;
    for (const [name, each] of lines) if (name !== whole) for (const line of each) unbalanced.set(line, why);
  }
  return unbalanced;
}

function columnTest(index: number, test: ColumnTest): (fields: string[]) => boolean {
  if (typeof test === 'string') return (f) => f[index].trim() === test;
  if (Array.isArray(test)) return (f) => test.includes(f[index].trim());
  if ('notIn' in test) return (f) => !test.notIn.includes(f[index].trim());
  const bound = (f: string[]) => Number(f[index].trim());
  if ('atLeast' in test) return (f) => bound(f) >= test.atLeast;
  return (f) => bound(f) <= test.atMost;
}

type Located = { place: CanonicalLocation; byFallback: boolean } | { error: string };

function locationReader(
  manifest: Manifest,
  col: (name: string) => number,
  rowTest: (conditions: RowConditions) => (fields: string[]) => boolean,
  locations: LocationIndex,
  countyAt: CountyFinder | undefined,
): (fields: string[]) => Located {
  const spec = manifest.location;
  if ('value' in spec) {
    const fixed = locations.byCanonicalName(spec.value);
    return () => (fixed ? { place: fixed, byFallback: false } : { error: `location '${spec.value}' is not canonical` });
  }
  const index = col(spec.column);
  const aliases = new Map(Object.entries(spec.aliases ?? {}).map(([from, to]) => [locationKey(from), to]));
  const overrides = (spec.overrides ?? []).map(({ where, name }) => ({
    applies: rowTest(where),
    place: locations.byCanonicalName(name),
  }));
  const fallbacks = (spec.fallbacks ?? []).map((fallback) => fallbackReader(fallback, col, locations, countyAt));
  const named = (text: string) => {
    const alias = aliases.get(locationKey(text));
    return alias !== undefined ? locations.byCanonicalName(alias) : text ? locations.resolve(text) : undefined;
  };
  return (fields) => {
    const override = overrides.find(({ applies }) => applies(fields));
    if (override?.place) return { place: override.place, byFallback: false };
    const text = fields[index].trim();
    const found = named(text);
    if (found) return { place: found, byFallback: false };
    for (const fallback of fallbacks) {
      const place = fallback(fields);
      if (place) return { place, byFallback: true };
    }
    const tried = fallbacks.length ? ' and no fallback placed the row' : '';
    return {
      error: text
        ? `unknown location '${text}' (column '${spec.column}')${tried}`
        : `no location (column '${spec.column}' is empty)${tried}`,
    };
  };
}

function fallbackReader(
  fallback: LocationFallback,
  col: (name: string) => number,
  locations: LocationIndex,
  countyAt: CountyFinder | undefined,
): (fields: string[]) => CanonicalLocation | undefined {
  if ('countyAt' in fallback) {
    if (!countyAt) throw new DatasetFileError('the county boundaries are needed to place rows by their coordinates');
    const [lat, lon] = [col(fallback.countyAt.lat), col(fallback.countyAt.lon)];
    return (fields) => {
      const [y, x] = [fields[lat].trim(), fields[lon].trim()];
      return NUMBER.test(y) && NUMBER.test(x) ? countyAt(Number(x), Number(y)) : undefined;
    };
  }
  const index = col(fallback.column);
  const pattern = new RegExp(fallback.pattern);
  return (fields) => {
    const name = pattern.exec(fields[index].trim())?.groups?.name;
    return name ? locations.resolve(name) : undefined;
  };
}

/**
 * The observations that variables with `fillFrom` take from their base variable: every place and
 * period the base has and they lack.
 */
function filledObservations(manifest: Manifest, observations: ExtractedObservation[]): ExtractedObservation[] {
  const filled: ExtractedObservation[] = [];
  manifest.variables.forEach((variable, index) => {
    if (variable.fillFrom === undefined) return;
    const base = manifest.variables.findIndex((v) => v.name === variable.fillFrom);
    const own = new Set(observations.filter((o) => o.variable === index).map((o) => `${o.location}\u0000${o.ts}`));
    for (const o of observations) {
      if (o.variable === base && !own.has(`${o.location}\u0000${o.ts}`)) filled.push({ ...o, variable: index });
    }
  });
  return filled;
}

function timeReader(
  manifest: Manifest,
  col: (name: string) => number,
): (fields: string[]) => { ts: string } | { error: string } {
  const spec = manifest.time;
  const parse = timestampParser(spec);
  if (spec.value !== undefined) {
    const fixed = parse(spec.value);
    if ('error' in fixed) throw new DatasetFileError(`${manifest.id}.json: time.value: ${fixed.error}`);
    return () => fixed;
  }
  const indexes = (Array.isArray(spec.column) ? spec.column : [spec.column!]).map(col);
  return (fields) => parse(indexes.map((i) => fields[i].trim()).join(' '));
}
