import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { textOf, translator } from '@portal/contract/messages';
import { toIsoDate } from '../../components/dates';
import {
  checkQuery,
  formatTypedDate,
  fromIsoDate,
  parseTypedDate,
  type QueryState,
  readQueryState,
  withoutUnknown,
  writeQueryState,
} from './query-state';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);

describe('query state in the URL', () => {
  it('round-trips dates, variables and locations', () => {
    const state = {
      start: day(2015, 1, 1),
      end: day(2019, 12, 31),
      variables: ['Electricity access', 'GDP (current US$)'],
      locations: ['Nairobi', "Murang'a"],
    };
    const params = writeQueryState(state);
    expect(params.toString()).toBe(
      'start=2015-01-01&end=2019-12-31&variable=Electricity+access&variable=GDP+%28current+US%24%29&location=Nairobi&location=Murang%27a',
    );
    expect(readQueryState(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it('drops the variables and locations a source does not offer and names them', () => {
    const state = {
      start: null,
      end: null,
      variables: ['Electricity access', 'Nonsense'],
      locations: ['Nairobi', 'Atlantis'],
    };
    const result = withoutUnknown(state, ['Electricity access', 'Solar'], ['Nairobi', 'Kisumu']);
    expect(result).toEqual({
      state: { ...state, variables: ['Electricity access'], locations: ['Nairobi'] },
      dropped: ['Nonsense', 'Atlantis'],
    });
    expect(withoutUnknown(result.state, ['Electricity access'], ['Nairobi'])).toEqual({
      state: result.state,
      dropped: [],
    });
  });

  it('ignores dates that are not real', () => {
    expect(fromIsoDate('2019-02-30')).toBeNull();
    expect(fromIsoDate('yesterday')).toBeNull();
    expect(readQueryState(new URLSearchParams('start=2019-13-01')).start).toBeNull();
  });
});

describe('parseTypedDate', () => {
  it('reads MM/dd/yyyy and refuses anything else', () => {
    expect(toIsoDate(parseTypedDate('03/15/2019')!)).toBe('2019-03-15');
    expect(parseTypedDate('15/03/2019')).toBeNull();
    expect(parseTypedDate('02/30/2019')).toBeNull();
    expect(parseTypedDate('soon')).toBeNull();
  });

  it("reads dd/MM/yyyy, the Swahili pages' format, when told to", () => {
    expect(toIsoDate(parseTypedDate('15/03/2019', 'dd/MM/yyyy')!)).toBe('2019-03-15');
    expect(parseTypedDate('03/15/2019', 'dd/MM/yyyy')).toBeNull();
  });

  it('is undone by formatTypedDate in both formats, days and months padded', () => {
    expect(formatTypedDate(day(2019, 3, 5))).toBe('03/05/2019');
    expect(formatTypedDate(day(2019, 3, 5), 'dd/MM/yyyy')).toBe('05/03/2019');
    for (const format of ['MM/dd/yyyy', 'dd/MM/yyyy'] as const) {
      expect(toIsoDate(parseTypedDate(formatTypedDate(day(2020, 12, 31), format), format)!)).toBe('2020-12-31');
    }
  });
});

describe('checkQuery', () => {
  const ok = { start: day(2015, 1, 1), end: day(2016, 1, 1), variables: ['v'], locations: ['l'] };
  // The problem as the visitor reads it in English.
  const problem = (state: Partial<QueryState>) => {
    const checked = checkQuery({ ...ok, ...state }, 'energy/access');
    return 'problem' in checked ? textOf(translator(), checked.problem) : null;
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('gives the query to send, dates as YYYY-MM-DD', () => {
    expect(checkQuery(ok, 'energy/access')).toEqual({
      query: { start: '2015-01-01', end: '2016-01-01', variables: ['v'], locations: ['l'], source: 'energy/access' },
    });
  });

  it("gives the first of the spec's alerts, in the spec's order", () => {
    expect(problem({ start: null })).toBe('Select Time Range');
    expect(problem({ end: null, variables: [] })).toBe('Select Time Range');
    expect(problem({ start: day(2017, 1, 1) })).toBe('Starting date should not be more than ending date');
    expect(problem({ start: day(2017, 1, 1), variables: [], locations: [] })).toBe(
      'Starting date should not be more than ending date',
    );
    expect(problem({ end: day(2026, 1, 2), variables: [] })).toBe('Dates cannot be later than today.');
    expect(problem({ variables: [], locations: [] })).toBe('No variable selected!');
    expect(problem({ locations: [] })).toBe('No location selected!');
    expect(problem({ end: day(2026, 1, 1) })).toBeNull();
  });

  it('lets a source whose data run into the future be asked up to their last day, and no further', () => {
    const models = (end: Date) => checkQuery({ ...ok, end }, 'energy/models', ['2023-12-31', '2050-12-31']);
    expect(models(day(2050, 12, 31))).toHaveProperty('query.end', '2050-12-31');
    const late = models(day(2051, 1, 1));
    expect('problem' in late && textOf(translator(), late.problem, late.values)).toBe(
      "Dates cannot be later than 2050-12-31, the last date of this source's data.",
    );
    // A source whose data stop before today keeps the spec's rule.
    const observed = checkQuery({ ...ok, end: day(2027, 1, 1) }, 'energy/access', ['2023-12-31']);
    expect('problem' in observed && textOf(translator(), observed.problem)).toBe('Dates cannot be later than today.');
  });

  it('refuses what the server would refuse beyond the spec', () => {
    expect(problem({ variables: ['  '] })).not.toBeNull();
    expect(checkQuery(ok, 'not a source')).toHaveProperty('problem');
  });
});
