import { describe, expect, it } from 'vitest';
import { translator } from '@portal/contract/messages';
import '@portal/contract/messages-sw';
import type { TimeseriesRow } from '@portal/contract/timeseries';
import { chartStates, isolatedPoints, seriesCoverage, timestampSeconds } from '@portal/contract/chart-state';
import { coverageSentences } from './coverage-sentences';

const YEAR_2019 = { start: '2019-01-01', end: '2019-12-31' };

/** Monthly rows of one series, a value per month named. */
const monthly = (variable: string, location: string, months: string[]): TimeseriesRow[] =>
  months.map((month, i) => [month, variable, i + 1, location]);

/** Every month from one to another, as 'YYYY-MM'. */
function months(from: string, to: string): string[] {
  const all: string[] = [];
  for (let [year, month] = from.split('-').map(Number); `${year}-${String(month).padStart(2, '0')}` <= to; month++) {
    if (month > 12) [year, month] = [year + 1, 1];
    all.push(`${year}-${String(month).padStart(2, '0')}`);
  }
  return all;
}

describe('chartStates: which chart for which data', () => {
  it('draws one date across places as bars by place, highest first, one chart per unit', () => {
    const charts = chartStates(
      [
        ['2019', 'Access', 50, 'Mombasa'],
        ['2019', 'Access', 90, 'Nairobi'],
        ['2019', 'Access', 20, 'Turkana'],
        ['2019', 'Households', 1200, 'Nairobi'],
      ],
      { Access: '%', Households: 'number' },
      YEAR_2019,
      true,
    );
    expect(charts).toEqual([
      {
        kind: 'bars',
        variables: ['Access'],
        unit: '%',
        dates: ['2019'],
        bars: [
          { label: 'Nairobi', values: [90] },
          { label: 'Mombasa', values: [50] },
          { label: 'Turkana', values: [20] },
        ],
      },
      {
        kind: 'bars',
        variables: ['Households'],
        unit: 'number',
        dates: ['2019'],
        bars: [{ label: 'Nairobi', values: [1200] }],
      },
    ]);
  });

  it('groups two or three dates by place, sorted by the latest; a place missing a date has no bar there', () => {
    const [chart, ...others] = chartStates(
      [
        ['2018', 'Access', 40, 'Mombasa'],
        ['2018', 'Access', 85, 'Nairobi'],
        ['2019', 'Access', 90, 'Nairobi'],
        ['2020', 'Access', 60, 'Mombasa'],
        ['2020', 'Access', 95, 'Nairobi'],
        ['2020', 'Access', 70, 'Kisumu'],
      ],
      { Access: '%' },
      { start: '2018-01-01', end: '2020-12-31' },
      true,
    );
    expect(others).toEqual([]);
    expect(chart).toMatchObject({
      kind: 'bars',
      dates: ['2018', '2019', '2020'],
      bars: [
        { label: 'Nairobi', values: [85, 90, 95] },
        { label: 'Kisumu', values: [null, null, 70] },
        { label: 'Mombasa', values: [40, null, 60] },
      ],
    });
  });

  it('names bars by variable when the place is shared, by both when neither is', () => {
    const [byVariable] = chartStates(
      [
        ['2019', 'Solar', 20, 'Kenya'],
        ['2019', 'Mains', 50, 'Kenya'],
      ],
      { Solar: '%', Mains: '%' },
      YEAR_2019,
      true,
    );
    expect(byVariable).toMatchObject({ variables: ['Solar', 'Mains'], bars: [{ label: 'Mains' }, { label: 'Solar' }] });
    const [byBoth] = chartStates(
      [
        ['2019', 'Solar', 20, 'Kenya'],
        ['2019', 'Mains', 50, 'Nairobi'],
      ],
      { Solar: '%', Mains: '%' },
      YEAR_2019,
      true,
    );
    expect(byBoth).toMatchObject({ bars: [{ label: 'Mains - Nairobi' }, { label: 'Solar - Kenya' }] });
  });

  it('draws a series over time as a time chart: one place at a few dates, or any places at four dates or more', () => {
    const onePlace = chartStates(
      [
        ['2018', 'Access', 85, 'Nairobi'],
        ['2019', 'Access', 90, 'Nairobi'],
      ],
      { Access: '%' },
      { start: '2018-01-01', end: '2019-12-31' },
      true,
    );
    expect(onePlace.map((c) => c.kind)).toEqual(['time']);
    const fourDates = chartStates(
      ['2016', '2017', '2018', '2019'].flatMap((year): TimeseriesRow[] => [
        [year, 'Access', 1, 'Nairobi'],
        [year, 'Access', 2, 'Mombasa'],
      ]),
      { Access: '%' },
      { start: '2016-01-01', end: '2019-12-31' },
      true,
    );
    expect(fourDates.map((c) => c.kind)).toEqual(['time']);
  });

  it('makes one line per variable and location over the shared time points, each unit on its own axis', () => {
    const [state] = chartStates(
      [
        ['2017', 'Access', 58, 'Nairobi'],
        ['2018', 'Access', 60, 'Nairobi'],
        ['2019', 'Access', 62, 'Nairobi'],
        ['2019', 'Rain', 80, 'Nairobi'],
      ],
      { Access: '%', Rain: 'mm' },
      { start: '2017-01-01', end: '2019-12-31' },
      true,
    );
    expect(state).toMatchObject({
      kind: 'time',
      xs: [timestampSeconds('2017'), timestampSeconds('2018'), timestampSeconds('2019')],
      series: [
        { label: 'Access - Nairobi', variable: 'Access', unit: '%', values: [58, 60, 62] },
        // Before its first value the line has nothing to draw, which is no gap.
        { label: 'Rain - Nairobi', variable: 'Rain', unit: 'mm', values: [undefined, undefined, 80] },
      ],
      units: ['%', 'mm'],
    });
  });

  it('draws climate normals by calendar month, one line per reference period, apart from dated values', () => {
    const charts = chartStates(
      [
        ['Jan 1961-1990', 'Normal', 30, 'Coast'],
        ['Feb 1961-1990', 'Normal', 20, 'Coast'],
        ['Jan 1991-2020', 'Normal', 35, 'Coast'],
        ['2019-01', 'Rain', 80, 'Nairobi'],
        ['2019-02', 'Rain', 70, 'Nairobi'],
        ['2019-03', 'Rain', 75, 'Nairobi'],
        ['2019-04', 'Rain', 60, 'Nairobi'],
      ],
      { Normal: 'mm', Rain: 'mm' },
      YEAR_2019,
      true,
    );
    expect(charts.map((c) => c.kind)).toEqual(['time', 'month']);
    expect(charts[1]).toMatchObject({
      xs: [1, 2],
      range: null,
      series: [
        { label: 'Normal - Coast (1961-1990)', values: [30, 20] },
        { label: 'Normal - Coast (1991-2020)', values: [35, undefined] },
      ],
    });
    expect(chartStates([['Mar 1991-2020', 'Normal', 1, 'Coast']], {}, YEAR_2019, true).map((c) => c.kind)).toEqual([
      'month',
    ]);
  });
});

describe('chartStates: gaps', () => {
  const rows = [
    ...monthly('Rain', 'Turkana', ['2015-01', '2015-02', '2015-06', '2015-07']),
    ...monthly('Rain', 'Wajir', ['2015-01', '2015-03', '2015-04', '2015-05', '2015-06', '2015-07']),
  ];

  it('puts a null at the first month a series misses, so its line breaks; months only others have are passed over', () => {
    const [state] = chartStates(rows, { Rain: 'mm' }, { start: '2010-01-01', end: '2020-12-31' }, true);
    expect(state.kind).toBe('time');
    if (state.kind === 'bars') return;
    expect(state.xs).toEqual(months('2015-01', '2015-07').map(timestampSeconds));
    expect(state.series.map((s) => s.values)).toEqual([
      [1, 2, null, undefined, undefined, 3, 4],
      [1, null, 2, 3, 4, 5, 6],
    ]);
  });

  it('spans the dates asked for, so a stretch without values shows as one; a capped preview ends at its last value', () => {
    const asked = { start: '2010-01-01', end: '2020-12-31' };
    const [complete] = chartStates(rows, { Rain: 'mm' }, asked, true);
    expect(complete.kind !== 'bars' && complete.range).toEqual([
      timestampSeconds('2010-01-01'),
      timestampSeconds('2020-12-31'),
    ]);
    const [capped] = chartStates(rows, { Rain: 'mm' }, asked, false);
    expect(capped.kind !== 'bars' && capped.range).toEqual([
      timestampSeconds('2010-01-01'),
      timestampSeconds('2015-07'),
    ]);
  });

  it('finds the values no line reaches, to draw them as points', () => {
    expect(isolatedPoints([1, null, 2, null, undefined, 3, 4])).toEqual([0, 2]);
    expect(isolatedPoints([5, undefined, null])).toEqual([0]);
    expect(isolatedPoints([5, undefined, 6])).toEqual([]);
  });
});

describe('seriesCoverage and its sentences', () => {
  const en = translator('en');
  const sw = translator('sw');
  const rainfall = 'Rainfall, 1-month rolling';

  it("says where a series starts when the range asked for begins earlier: 'Rainfall for Turkana starts in January 2015'", () => {
    const rows = monthly(rainfall, 'Turkana', months('2015-01', '2020-12'));
    const coverage = seriesCoverage(rows, { start: '2010-01-01', end: '2020-12-31' }, true);
    expect(coverage).toEqual([{ variable: rainfall, location: 'Turkana', starts: '2015-01', ends: null, gaps: [] }]);
    expect(coverageSentences(coverage, en, 'en')).toEqual([`${rainfall} for Turkana starts in January 2015.`]);
    expect(coverageSentences(coverage, sw, 'sw')).toEqual([`Data za ${rainfall} za Turkana zinaanzia Januari 2015.`]);
  });

  it('says where it ends when the range runs later, but not from a capped preview, whose rows stop early', () => {
    const rows = monthly(rainfall, 'Turkana', months('2015-01', '2026-02'));
    const asked = { start: '2010-06-15', end: '2026-11-27' };
    const coverage = seriesCoverage(rows, asked, true);
    expect(coverageSentences(coverage, en, 'en')).toEqual([
      `${rainfall} for Turkana starts in January 2015 and ends in February 2026.`,
    ]);
    expect(coverageSentences(seriesCoverage(rows, asked, false), en, 'en')).toEqual([
      `${rainfall} for Turkana starts in January 2015.`,
    ]);
    expect(coverageSentences(seriesCoverage(rows, { start: '2015-01-20', end: '2026-02-01' }, true), en, 'en')).toEqual(
      [],
    );
  });

  it('names the stretches a series misses, three by name and the rest counted; years as years', () => {
    const rows = monthly('Rain', 'Wajir', [
      '2015-01',
      '2015-03',
      '2015-04',
      '2015-08',
      '2015-10',
      '2015-12',
      '2016-02',
    ]);
    // Intl writes a range with thin spaces around its dash.
    const dash = '\u2009–\u2009';
    expect(coverageSentences(seriesCoverage(rows, { start: '2015-01-01', end: '2016-02-29' }, true), en, 'en')).toEqual(
      [`Rain for Wajir has no values for February 2015, May${dash}July 2015, September 2015, and 2 other stretches.`],
    );
    const yearly: TimeseriesRow[] = [
      ['2015', 'Access', 1, 'Kenya'],
      ['2019', 'Access', 2, 'Kenya'],
    ];
    expect(
      coverageSentences(seriesCoverage(yearly, { start: '2015-01-01', end: '2019-12-31' }, true), en, 'en'),
    ).toEqual([`Access for Kenya has no values for 2016${dash}2018.`]);
  });

  it('says nothing of series that fill the range, nor of climate normals', () => {
    const rows: TimeseriesRow[] = [
      ['2019', 'Access', 90, 'Nairobi'],
      ['Jan 1991-2020', 'Normal', 30, 'Coast'],
    ];
    expect(seriesCoverage(rows, YEAR_2019, true)).toEqual([]);
  });
});
