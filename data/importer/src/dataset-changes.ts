import type { NamedValue } from '@portal/db/queries/import.queries';

/** What a new load of a dataset changes against the values it held (ADR 0017). */
export interface ValueChanges {
  added: number;
  removed: number;
  changed: number;
  /** First and last date of a value added, removed or changed; null when nothing changed. */
  first_changed: string | null;
  last_changed: string | null;
}

const keyOf = (v: NamedValue) => `${v.variable}\0${v.location}\0${v.ts}`;

/**
 * Compares two loads of a dataset value by value, a value being named by its variable, location
 * and date. Both sides fit in memory: a dataset holds at most some 100,000 values.
 * @example compareValues([{ variable: 'Rain', location: 'Kenya', ts: '2019-01-01', value: 1 }], []) // { removed: 1, ... }
 */
export function compareValues(before: NamedValue[], after: NamedValue[]): ValueChanges {
  const old = new Map(before.map((v) => [keyOf(v), v]));
  const changes: ValueChanges = { added: 0, removed: 0, changed: 0, first_changed: null, last_changed: null };
  const touched = (ts: string) => {
    if (changes.first_changed === null || ts < changes.first_changed) changes.first_changed = ts;
    if (changes.last_changed === null || ts > changes.last_changed) changes.last_changed = ts;
  };
  for (const value of after) {
    const key = keyOf(value);
    const was = old.get(key);
    if (was === undefined) {
      changes.added++;
      touched(value.ts);
      continue;
    }
    old.delete(key);
    if (was.value !== value.value) {
      changes.changed++;
      touched(value.ts);
    }
  }
  // What is left was not loaded again.
  for (const value of old.values()) {
    changes.removed++;
    touched(value.ts);
  }
  return changes;
}
