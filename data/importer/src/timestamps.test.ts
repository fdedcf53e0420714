import { describe, expect, it } from 'vitest';
import { timestampParser } from './timestamps.ts';

describe('timestampParser', () => {
  it('stores a year as 1 January and a month as its 1st', () => {
    expect(timestampParser({ format: 'YYYY', period: 'year' })('1901')).toEqual({ ts: '1901-01-01' });
    expect(timestampParser({ format: 'YYYY-MM', period: 'month' })('2015-02')).toEqual({ ts: '2015-02-01' });
    expect(timestampParser({ format: 'YYYY-MM-DD', period: 'month' })('2006-01-15')).toEqual({ ts: '2006-01-01' });
    expect(timestampParser({ format: 'YYYY-MM-DD', period: 'day' })('2006-01-15')).toEqual({ ts: '2006-01-15' });
  });

  it('reads a pattern with named groups, month names included', () => {
    const climatology = timestampParser({ pattern: '^(?<year>\\d{4})-\\d{4} (?<month>[A-Za-z]+)$', period: 'month' });
    expect(climatology('1991-2020 Sep')).toEqual({ ts: '1991-09-01' });
    expect(climatology('1961-1990 December')).toEqual({ ts: '1961-12-01' });
    expect(climatology('1961-1990 Sept')).toEqual({ error: "timestamp '1961-1990 Sept' has no valid month" });
    const survey = timestampParser({ pattern: '^(?<year>\\d{4})-', period: 'year' });
    expect(survey('2022-01-01 00:00:00+00:00')).toEqual({ ts: '2022-01-01' });
  });

  it("dates a normal at its month in its reference period's first year, which must span 30 years", () => {
    const normal = timestampParser({
      pattern: '^(?<year>\\d{4})-(?<lastYear>\\d{4}) (?<month>[A-Za-z]+)$',
      period: 'normal',
    });
    expect(normal('1991-2020 Sep')).toEqual({ ts: '1991-09-01' });
    expect(normal('1981-2010 Jan')).toEqual({ ts: '1981-01-01' });
    expect(normal('1991-2019 Jan')).toEqual({
      error: "timestamp '1991-2019 Jan': a normal's reference period must span 30 years",
    });
  });

  it('says why a text is not a date', () => {
    expect(timestampParser({ format: 'YYYY', period: 'year' })('19x1')).toEqual({
      error: "timestamp '19x1' does not match YYYY",
    });
    expect(timestampParser({ format: 'YYYY-MM', period: 'month' })('2019-13')).toEqual({
      error: "timestamp '2019-13' has no valid month",
    });
    expect(timestampParser({ format: 'YYYY-MM-DD', period: 'day' })('2019-02-30')).toEqual({
      error: "timestamp '2019-02-30' has no valid day",
    });
  });
});
