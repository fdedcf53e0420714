import type { CsvTable } from './csv-file.ts';
import { type CanonicalLocation, type LocationIndex, locationKey } from './locations.ts';
import { type ColumnTest, keyOf, type Manifest } from './manifest.ts';
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
}

/** The file does not fit its manifest as a whole (a named column is missing); nothing is loaded. */
export class DatasetFileError extends Error {}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Turns the rows of a dataset's file into observations as its manifest describes. Pure: it reads
 * nothing and writes nothing. Every row is parsed before anything is kept; a row whose location,
 * timestamp or value cannot be read becomes a reject with its line, and the rest goes on.
 */
export function extractObservations(manifest: Manifest, table: CsvTable, locations: LocationIndex): Extraction {
  const columns = new Map(table.header.map((name, index) => [name, index]));
  const missing = new Set<string>();
  const col = (name: string): number => {
    const index = columns.get(name);
    if (index === undefined) missing.add(name);
    return index ?? -1;
  };

  const filters = (manifest.where ?? []).map((condition) => Object.entries(condition).map(([name, test]) => columnTest(col(name), test)));
  const keyColumns = manifest.long ? manifest.long.keyColumns.map(col) : [];
  const valueColumns = manifest.variables.map((v) => col(manifest.long ? manifest.long.valueColumn : v.column!));
  const selected = new Map<string, number[]>();
  manifest.variables.forEach((variable, index) => {
    const key = keyOf(variable).join('\u0000');
    selected.set(key, [...(selected.get(key) ?? []), index]);
  });
  const locate = locationReader(manifest, col, locations);
  const when = timeReader(manifest, col);
  if (missing.size) {
    throw new DatasetFileError(`${manifest.file}: no column ${[...missing].map((c) => `'${c}'`).join(', ')} (named by the manifest ${manifest.id}.json)`);
  }

  const blankValues = new Set(manifest.csv.blanks);
  const result: Extraction = { rowsRead: 0, rowsUsed: 0, blanks: 0, rejects: [], observations: [], locations: [] };
  const firstLine = new Map<string, number>();
  const sums = new Map<string, { observation: ExtractedObservation; count: number }>();

  for (const { line, fields } of table.records) {
    result.rowsRead += 1;
    const reject = (reason: string) => result.rejects.push({ line, reason });
    if (fields.length !== table.header.length) {
      reject(`has ${fields.length} fields where the header has ${table.header.length}`);
      continue;
    }
    if (filters.length && !filters.some((tests) => tests.every((test) => test(fields)))) continue;
    const variables = manifest.long ? selected.get(keyColumns.map((c) => fields[c].trim()).join('\u0000')) : manifest.variables.map((_, i) => i);
    if (!variables) continue;
    result.rowsUsed += 1;

    const location = locate(fields);
    if ('error' in location) {
      reject(location.error);
      continue;
    }
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
      const key = `${index}\u0000${location.name}\u0000${time.ts}`;
      const observation = { variable: index, location: location.name, ts: time.ts, value };
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
        reject(`'${variable.name}' for ${location.name} at ${time.ts} repeats line ${earlier}`);
        continue;
      }
      firstLine.set(key, line);
      result.observations.push(observation);
    }
  }
  for (const { observation, count } of sums.values()) {
    if (manifest.variables[observation.variable].aggregate === 'mean') observation.value /= count;
  }
  const names = new Set(result.observations.map((o) => o.location));
  result.locations = locations.all.filter((l) => names.has(l.name));
  return result;
}

function columnTest(index: number, test: ColumnTest): (fields: string[]) => boolean {
  if (typeof test === 'string') return (f) => f[index].trim() === test;
  if (Array.isArray(test)) return (f) => test.includes(f[index].trim());
  if ('notIn' in test) return (f) => !test.notIn.includes(f[index].trim());
  const bound = (f: string[]) => Number(f[index].trim());
  if ('atLeast' in test) return (f) => bound(f) >= test.atLeast;
  return (f) => bound(f) <= test.atMost;
}

type Located = CanonicalLocation | { error: string };

function locationReader(manifest: Manifest, col: (name: string) => number, locations: LocationIndex): (fields: string[]) => Located {
  const spec = manifest.location;
  if ('value' in spec) {
    const fixed = locations.byCanonicalName(spec.value);
    return () => fixed ?? { error: `location '${spec.value}' is not canonical` };
  }
  const index = col(spec.column);
  const aliases = new Map(Object.entries(spec.aliases ?? {}).map(([from, to]) => [locationKey(from), to]));
  return (fields) => {
    const text = fields[index].trim();
    const alias = aliases.get(locationKey(text));
    const found = alias !== undefined ? locations.byCanonicalName(alias) : text ? locations.resolve(text) : undefined;
    if (found) return found;
    return { error: text ? `unknown location '${text}' (column '${spec.column}')` : `no location (column '${spec.column}' is empty)` };
  };
}

function timeReader(manifest: Manifest, col: (name: string) => number): (fields: string[]) => { ts: string } | { error: string } {
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
