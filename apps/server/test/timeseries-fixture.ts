// The series the timeseries call tests run on, written into each test app's database.
import { seedTimeseries } from '@portal/db/testing';
import type { TestApp } from './test-server.ts';

const years = Array.from({ length: 10 }, (_, i) => 2010 + i);

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const NORMAL = 'Rainfall Monthly Average(mm)';
export const PRICE = 'Average retail price: Maize, KG';
export const PRICE_DERIVATION = 'Mean of the retail prices of the markets in the county and month.';

/**
 * Electricity access for three places 2010-2019, monthly rainfall for 2019-2020, 600 daily values,
 * GDP growth listed by two sources, rainfall normals of 1961-1990 and 1991-2020, and a derived price.
 */
export async function seedTimeseriesCalls(server: TestApp) {
  await seedTimeseries(server.db, {
    dataset: 'census-lighting',
    variables: [{ sources: ['energy/access'], name: 'Electricity access', unit: '%', period: 'year' }],
    locations: [
      { name: 'Kenya', kind: 'country' },
      { name: 'Nairobi', countyCode: 47 },
      { name: 'Mombasa', countyCode: 1 },
    ],
    observations: years.flatMap((y) => [
      ['Electricity access', 'Kenya', `${y}-01-01`, 20 + y - 2010] as [string, string, string, number],
      ['Electricity access', 'Nairobi', `${y}-01-01`, 60 + y - 2010] as [string, string, string, number],
      ['Electricity access', 'Mombasa', `${y}-01-01`, 50 + y - 2010] as [string, string, string, number],
    ]),
  });
  await seedTimeseries(server.db, {
    dataset: 'chirps',
    variables: [
      { sources: ['climate/weather-observations'], name: 'Rainfall', unit: 'mm', period: 'month' },
      { sources: ['climate/weather-observations'], name: 'Daily reading', unit: 'mm', period: 'day' },
    ],
    locations: [{ name: 'Nairobi' }],
    observations: [
      ...Array.from(
        { length: 24 },
        (_, i) =>
          ['Rainfall', 'Nairobi', `${2019 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`, i] as [
            string,
            string,
            string,
            number,
          ],
      ),
      ...Array.from(
        { length: 600 },
        (_, i) =>
          ['Daily reading', 'Nairobi', new Date(Date.UTC(2018, 0, 1 + i)).toISOString().slice(0, 10), i] as [
            string,
            string,
            string,
            number,
          ],
      ),
    ],
  });
  await seedTimeseries(server.db, {
    dataset: 'wdi',
    variables: [
      {
        sources: ['macro-economics/gdp', 'macro-economics/gdp-growth-rate'],
        name: 'GDP growth',
        unit: '%',
        period: 'year',
        code: 'NY.GDP.MKTP.KD.ZG',
      },
    ],
    locations: [{ name: 'Kenya', kind: 'country' }],
    observations: [['GDP growth', 'Kenya', '2019-01-01', 5.1]],
  });
  await seedTimeseries(server.db, {
    dataset: 'cru-normals',
    variables: [{ sources: ['climate/weather-observations'], name: NORMAL, unit: 'mm', period: 'normal' }],
    locations: [{ name: 'Coast', kind: 'province' }],
    observations: [1961, 1991].flatMap((year) =>
      MONTHS.map(
        (_, m) =>
          [NORMAL, 'Coast', `${year}-${String(m + 1).padStart(2, '0')}-01`, year + m] as [
            string,
            string,
            string,
            number,
          ],
      ),
    ),
  });
  await seedTimeseries(server.db, {
    dataset: 'wfp',
    variables: [
      {
        sources: ['agriculture/prices'],
        name: PRICE,
        unit: 'KES per KG',
        period: 'month',
        derivation: PRICE_DERIVATION,
      },
    ],
    locations: [{ name: 'Nairobi' }],
    observations: [[PRICE, 'Nairobi', '2020-01-01', 45]],
  });
}
