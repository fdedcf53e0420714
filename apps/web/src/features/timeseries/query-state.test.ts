import { describe, expect, it } from 'vitest';
import { fromIsoDate, parseTypedDate, readQueryState, toIsoDate, validateQuery, withoutUnknown, writeQueryState } from './query-state';

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
    const state = { start: null, end: null, variables: ['Electricity access', 'Nonsense'], locations: ['Nairobi', 'Atlantis'] };
    const result = withoutUnknown(state, ['Electricity access', 'Solar'], ['Nairobi', 'Kisumu']);
    expect(result).toEqual({ state: { ...state, variables: ['Electricity access'], locations: ['Nairobi'] }, dropped: ['Nonsense', 'Atlantis'] });
    expect(withoutUnknown(result.state, ['Electricity access'], ['Nairobi'])).toEqual({ state: result.state, dropped: [] });
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
});

describe('validateQuery', () => {
  const ok = { start: day(2015, 1, 1), end: day(2016, 1, 1), variables: ['v'], locations: ['l'] };
  it("gives the spec's alerts in order", () => {
    expect(validateQuery({ ...ok, start: null })).toBe('Select Time Range');
    expect(validateQuery({ ...ok, end: null, variables: [] })).toBe('Select Time Range');
    expect(validateQuery({ ...ok, start: day(2017, 1, 1) })).toBe('Starting date should not be more than ending date');
    expect(validateQuery({ ...ok, variables: [] })).toBe('No variable selected!');
    expect(validateQuery({ ...ok, locations: [] })).toBe('No location selected!');
    expect(validateQuery({ ...ok, end: day(2030, 1, 1) }, day(2026, 1, 1))).toBe('Dates cannot be later than today.');
    expect(validateQuery(ok)).toBeNull();
  });
});
