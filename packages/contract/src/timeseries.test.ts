import { describe, expect, it } from 'vitest';
import { endProblem, latestQueryDate } from './timeseries.ts';
import { nameSaysUnit, nameWithUnit } from './variable-names.ts';

const TODAY = '2026-11-27';

describe('latestQueryDate', () => {
  it("is today for a source whose data end before today, as the spec's rule has it", () => {
    expect(latestQueryDate(['2023-12-31', '2026-02-28', null], TODAY)).toBe(TODAY);
    expect(latestQueryDate([], TODAY)).toBe(TODAY);
  });

  it('is the last day the data cover for a source whose data run into the future', () => {
    expect(latestQueryDate(['2023-12-31', '2050-12-31', '2040-12-31'], TODAY)).toBe('2050-12-31');
  });
});

describe('endProblem', () => {
  it('lets a query end on today, or on the last day of data that run into the future', () => {
    expect(endProblem(TODAY, ['2024-12-31'], TODAY)).toBeNull();
    expect(endProblem('2050-12-31', ['2024-12-31', '2050-12-31'], TODAY)).toBeNull();
    expect(endProblem('2050-01-01', ['2050-12-31'], TODAY)).toBeNull();
  });

  it("gives the spec's message for an observation source asked for next year", () => {
    expect(endProblem('2027-01-01', ['2024-12-31', '2026-02-28'], TODAY)).toEqual({ key: 'timeseries.future' });
  });

  it('names the last day of the data for a model asked past it', () => {
    expect(endProblem('2051-01-01', ['2050-12-31'], TODAY)).toEqual({
      key: 'timeseries.afterLastDate',
      values: { date: '2050-12-31' },
    });
  });
});

describe('nameWithUnit', () => {
  it('adds the unit in brackets to a name that does not say it', () => {
    expect(nameWithUnit('Electricity access', '% of conventional households')).toBe(
      'Electricity access (% of conventional households)',
    );
    // A bracket that is not the unit is part of the name.
    expect(nameWithUnit('Fertilizer use: nitrogen (N)', 't N')).toBe('Fertilizer use: nitrogen (N) (t N)');
  });

  it("says the unit once when the name ends with it, as the spec's names do", () => {
    expect(nameWithUnit('Rainfall Monthly Average(mm)', 'mm')).toBe('Rainfall Monthly Average(mm)');
    expect(nameWithUnit('Temperature Monthly Average(oC)', '°C')).toBe('Temperature Monthly Average(oC)');
    expect(nameWithUnit('Access to electricity (% of population)', '% of population')).toBe(
      'Access to electricity (% of population)',
    );
    expect(nameSaysUnit('Rainfall Monthly Average(mm)', 'mm')).toBe(true);
    expect(nameSaysUnit('Rainfall, 1-month rolling', 'mm')).toBe(false);
  });
});
