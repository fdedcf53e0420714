import { describe, expect, it } from 'vitest';
import { compareValues } from './dataset-changes.ts';

const value = (variable: string, location: string, ts: string, v: number) => ({ variable, location, ts, value: v });

describe('compareValues', () => {
  it('counts values added, removed and changed, and the dates the changes span', () => {
    const before = [
      value('Rain', 'Kenya', '2019-01-01', 1),
      value('Rain', 'Kenya', '2020-01-01', 2),
      value('Rain', 'Turkana', '2020-01-01', 3),
    ];
    const after = [
      value('Rain', 'Kenya', '2019-01-01', 1),
      value('Rain', 'Kenya', '2020-01-01', 2.5),
      value('Rain', 'Kenya', '2021-01-01', 4),
    ];
    expect(compareValues(before, after)).toEqual({
      added: 1,
      removed: 1,
      changed: 1,
      first_changed: '2020-01-01',
      last_changed: '2021-01-01',
    });
  });

  it('names a value by variable, location and date, so a renamed variable is removed and added', () => {
    expect(
      compareValues([value('Rain', 'Kenya', '2019-01-01', 1)], [value('Rainfall', 'Kenya', '2019-01-01', 1)]),
    ).toMatchObject({
      added: 1,
      removed: 1,
      changed: 0,
    });
  });

  it('finds no change between equal loads', () => {
    const values = [value('Rain', 'Kenya', '2019-01-01', 1)];
    expect(compareValues(values, [...values])).toEqual({
      added: 0,
      removed: 0,
      changed: 0,
      first_changed: null,
      last_changed: null,
    });
  });
});
