import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceDetailSchema } from '@portal/contract/catalog';
import { SpecErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { z } from 'zod/mini';
import {
  ExportResponseSchema,
  PREVIEW_ROW_LIMIT,
  PreviewResponseSchema,
  VariableSchema,
} from '@portal/contract/timeseries';
import { testDialects } from '@portal/db/testing';
import { loginAs } from './login-as.ts';
import { MONTHS, NORMAL, PRICE, PRICE_DERIVATION, seedTimeseriesCalls } from './timeseries-fixture.ts';
import { buildTestApp, type TestApp } from './test-server.ts';
import { unzip } from '@portal/importer';
import { translator } from '@portal/contract/messages';

const t = translator();

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`timeseries calls on ${dialect}`, () => {
    let server: TestApp;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      server.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const preview = async (body: object) => {
      const response = await post(API.preview, body);
      expect(response.status).toBe(200);
      return PreviewResponseSchema.parse(await response.json());
    };
    const query = {
      start: '2015-01-01',
      end: '2016-12-31',
      variables: ['Electricity access'],
      locations: ['Nairobi', 'Mombasa'],
      source: 'energy/access',
    };

    beforeAll(async () => {
      server = await buildTestApp(dialect);
      await seedTimeseriesCalls(server);
    });
    afterAll(() => server.close());

    it('previews rows of [timestamp, variable, value, location] at their period, by time', async () => {
      const result = await preview(query);
      expect(result).toEqual({
        data: [
          ['2015', 'Electricity access', 55, 'Mombasa'],
          ['2015', 'Electricity access', 65, 'Nairobi'],
          ['2016', 'Electricity access', 56, 'Mombasa'],
          ['2016', 'Electricity access', 66, 'Nairobi'],
        ],
        total: 4,
        units: { 'Electricity access': '%' },
      });
    });

    it('includes both bounds and any year or month that the range reaches into', async () => {
      const years = async (start: string, end: string) =>
        ((await preview({ ...query, locations: ['Kenya'], start, end })) as { data: unknown[][] }).data.map(
          (r) => r[0],
        );
      expect(await years('2012-01-01', '2013-01-01')).toEqual(['2012', '2013']);
      expect(await years('2012-06-15', '2013-12-31')).toEqual(['2012', '2013']);
      expect(await years('2012-06-15', '2012-12-31')).toEqual(['2012']);
      const months = await preview({
        start: '2019-03-20',
        end: '2019-05-01',
        variables: ['Rainfall'],
        locations: ['Nairobi'],
        source: 'climate/weather-observations',
      });
      expect('data' in months && months.data.map((r) => r[0])).toEqual(['2019-03', '2019-04', '2019-05']);
    });

    it('dates and shows each variable at its own period when one preview mixes them', async () => {
      const result = await preview({
        start: '2019-08-20',
        end: '2019-09-02',
        variables: ['Rainfall', 'Daily reading'],
        locations: ['Nairobi'],
        source: 'climate/weather-observations',
      });
      expect(result).toEqual({
        data: [
          ['2019-08', 'Rainfall', 7, 'Nairobi'],
          ...[20, 21, 22, 23].map((day, i) => [`2019-08-${day}`, 'Daily reading', 596 + i, 'Nairobi']),
          ['2019-09', 'Rainfall', 8, 'Nairobi'],
        ],
        total: 6,
        units: { Rainfall: 'mm', 'Daily reading': 'mm' },
      });
    });

    it(`caps the preview at ${PREVIEW_ROW_LIMIT} rows and gives the total`, async () => {
      const result = await preview({
        start: '2018-01-01',
        end: '2020-12-31',
        variables: ['Daily reading'],
        locations: ['Nairobi'],
      });
      expect('data' in result && result.data).toHaveLength(PREVIEW_ROW_LIMIT);
      expect('total' in result && result.total).toBe(600);
      // The first 500 days, in order (the value of day i is i).
      expect('data' in result && result.data.map((row) => row[2])).toEqual(
        Array.from({ length: PREVIEW_ROW_LIMIT }, (_, i) => i),
      );
      expect('data' in result && result.data[0]).toEqual(['2018-01-01', 'Daily reading', 0, 'Nairobi']);
    });

    it('answers one series for a variable that two sources list, with or without the source', async () => {
      const gdp = { start: '2019-01-01', end: '2019-12-31', variables: ['GDP growth'], locations: ['Kenya'] };
      const expected = { data: [['2019', 'GDP growth', 5.1, 'Kenya']], total: 1, units: { 'GDP growth': '%' } };
      expect(await preview(gdp)).toEqual(expected);
      expect(await preview({ ...gdp, source: 'macro-economics/gdp' })).toEqual(expected);
      expect(await preview({ ...gdp, source: 'macro-economics/gdp-growth-rate' })).toEqual(expected);
      expect(await preview({ ...gdp, source: 'energy/access' })).toEqual({ info: t('timeseries.noData') });
      const cookie = await loginAs(server.db, `shared-${dialect}@example.org`);
      const body = ExportResponseSchema.parse(await (await post(API.timeseriesExport, gdp, { cookie })).json());
      if (!('file' in body)) throw new Error('expected a file');
      const csv = (await unzip(Buffer.from(body.file, 'base64'))).get('data.csv')!.toString().trim().split('\n');
      expect(csv.slice(1)).toEqual(['2019,GDP growth,5.1,%,Kenya,wdi']);
    });

    it('shows a normal with its reference period and answers any range that overlaps that period', async () => {
      const normals = { variables: [NORMAL], locations: ['Coast'], source: 'climate/weather-observations' };
      const shown = async (start: string, end: string) => {
        const result = await preview({ ...normals, start, end });
        return 'data' in result ? result.data.map((row) => `${row[0]}=${row[2]}`) : [];
      };
      expect(await shown('2000-01-01', '2020-12-31')).toEqual(
        MONTHS.map((month, m) => `${month} 1991-2020=${1991 + m}`),
      );
      expect(await shown('1990-01-01', '1990-12-31')).toEqual(
        MONTHS.map((month, m) => `${month} 1961-1990=${1961 + m}`),
      );
      expect(await shown('1990-06-01', '1991-03-31')).toHaveLength(24);
      expect(await shown('1991-03-01', '1991-03-31')).toEqual(
        MONTHS.map((month, m) => `${month} 1991-2020=${1991 + m}`),
      );
      expect(await preview({ ...normals, start: '2021-01-01', end: '2022-12-31' })).toEqual({
        info: t('timeseries.noData'),
      });
      expect(await preview({ ...normals, start: '1950-01-01', end: '1960-12-31' })).toEqual({
        info: t('timeseries.noData'),
      });
      const variables = z
        .array(VariableSchema)
        .parse(await (await server.fetch(API.variables('climate', 'weather-observations'))).json());
      expect(variables.find((v) => v.name === NORMAL)).toMatchObject({
        period: 'normal',
        first: '1961-01-01',
        last: '2020-12-31',
      });
    });

    it('tells on each source how recent its timeseries are, at their period', async () => {
      const dataUntil = async (sector: string, source: string) =>
        SourceDetailSchema.parse(await (await server.fetch(API.source(sector, source))).json()).dataUntil;
      expect(await dataUntil('energy', 'access')).toBe('2019');
      expect(await dataUntil('agriculture', 'prices')).toBe('2020-01');
      expect(await dataUntil('water', 'lakes')).toBeNull();
    });

    it('answers info when nothing matches', async () => {
      expect(await preview({ ...query, variables: ['Nothing like this'] })).toEqual({ info: t('timeseries.noData') });
      expect(await preview({ ...query, locations: ['Atlantis'] })).toEqual({ info: t('timeseries.noData') });
      expect(await preview({ ...query, start: '1990-01-01', end: '1999-12-31' })).toEqual({
        info: t('timeseries.noData'),
      });
      expect(await preview({ ...query, source: 'water/lakes' })).toEqual({ info: t('timeseries.noData') });
    });

    it('refuses bad input with 400 and the message a person can act on', async () => {
      const cases: [unknown, string][] = [
        [{ ...query, start: undefined }, 'Select Time Range'],
        [{ ...query, start: '2017-01-01', end: '2016-01-01' }, 'Starting date should not be more than ending date'],
        [{ ...query, variables: [] }, 'No variable selected!'],
        [{ ...query, locations: [] }, 'No location selected!'],
        [{ ...query, start: '2019-02-30' }, 'Date input not valid.'],
        [{ ...query, end: '2999-01-01' }, 'Dates cannot be later than today.'],
        [{ ...query, variables: 'Electricity access' }, 'variables'],
        ['{"start": "2019-01-01", ', 'JSON'],
      ];
      for (const [body, message] of cases) {
        const response = await post(API.preview, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(SpecErrorSchema.parse(await response.json()).error).toContain(message);
      }
    });

    it('refuses an export without a session, whatever the body says', async () => {
      const response = await post(API.timeseriesExport, { ...query, email: 'someone@example.org' });
      expect(response.status).toBe(401);
      expect(SpecErrorSchema.parse(await response.json()).error).toBe('Login first to export data.');
    });

    it('exports a zip of data.csv, datapackage.json, README.txt and CITATION.cff for a session', async () => {
      const cookie = await loginAs(server.db, `exporter-${dialect}@example.org`);
      const response = await post(API.timeseriesExport, query, { cookie });
      expect(response.status).toBe(200);
      const body = ExportResponseSchema.parse(await response.json());
      if (!('file' in body)) throw new Error('expected a file');
      const files = await unzip(Buffer.from(body.file, 'base64'));
      expect([...files.keys()].sort()).toEqual(['CITATION.cff', 'README.txt', 'data.csv', 'datapackage.json']);
      const csv = files.get('data.csv')!.toString().trim().split('\n');
      expect(csv[0]).toBe('timestamp,variable,value,unit,location,dataset');
      expect(csv.slice(1).sort()).toEqual([
        '2015,Electricity access,55,%,Mombasa,census-lighting',
        '2015,Electricity access,65,%,Nairobi,census-lighting',
        '2016,Electricity access,56,%,Mombasa,census-lighting',
        '2016,Electricity access,66,%,Nairobi,census-lighting',
      ]);
      const pkg = JSON.parse(files.get('datapackage.json')!.toString());
      expect(pkg.resources[0].path).toBe('data.csv');
      expect(pkg.resources[0].schema.fields.map((f: { name: string }) => f.name)).toEqual([
        'timestamp',
        'variable',
        'value',
        'unit',
        'location',
        'dataset',
      ]);
      expect(pkg.licenses).toEqual([{ name: 'CC-BY-4.0', path: 'https://spdx.org/licenses/CC-BY-4.0.html' }]);
      const readme = files.get('README.txt')!.toString();
      expect(readme).toContain('2015-01-01 to 2016-12-31');
      expect(readme).toContain('Licence: CC BY 4.0');
      expect(readme).toContain('Electricity access (%) [census-lighting]\n    As published.');
      expect(pkg.resources[0].sources[0]).toMatchObject({
        dataset: 'census-lighting',
        publisher: 'Test Publisher',
        licence: 'CC BY 4.0',
        citation: 'Test Publisher (2024). census-lighting.',
        retrieved: '2024-01-01',
      });
      expect(files.get('CITATION.cff')!.toString()).toContain('cff-version: 1.2.0');
      const history = await server.db.selectFrom('export_log').select('what').execute();
      expect(history.map((h) => h.what)).toContain(
        'Timeseries energy/access, 2015-01-01 to 2016-12-31: 1 variable(s), 2 location(s)',
      );
    });

    it("writes the export's README in the reader's language, the data's names as they are", async () => {
      const cookie = await loginAs(server.db, `msomaji-${dialect}@example.org`);
      const body = ExportResponseSchema.parse(
        await (await post(API.timeseriesExport, query, { cookie: `${cookie}; lang=sw` })).json(),
      );
      if (!('file' in body)) throw new Error('expected a file');
      const readme = (await unzip(Buffer.from(body.file, 'base64'))).get('README.txt')!.toString();
      expect(readme).toContain('Kipindi: 2015-01-01 hadi 2016-12-31');
      expect(readme).toContain('Leseni: CC BY 4.0');
      expect(readme).toContain('Electricity access (%) [census-lighting]\n    Kama zilivyochapishwa.');
      expect(readme).not.toContain('Licence:');
    });

    it('says in the export how the portal derived a value, and shows normals with their reference period', async () => {
      const cookie = await loginAs(server.db, `derived-${dialect}@example.org`);
      const bait = 'Visit https://prize.example now';
      const body = ExportResponseSchema.parse(
        await (
          await post(
            API.timeseriesExport,
            {
              start: '2000-01-01',
              end: '2020-12-31',
              variables: [PRICE, NORMAL, bait],
              locations: ['Nairobi', 'Coast', bait],
            },
            { cookie },
          )
        ).json(),
      );
      if (!('file' in body)) throw new Error('expected a file');
      const files = await unzip(Buffer.from(body.file, 'base64'));
      const readme = files.get('README.txt')!.toString();
      expect(readme).toContain(`${PRICE} (KES per KG) [wfp]\n    ${PRICE_DERIVATION}`);
      // A name that ends with its unit, as the spec writes it, says it once.
      expect(readme).toContain(`${NORMAL} [cru-normals]\n    As published.`);
      // Requested names that match nothing are counted, not repeated.
      expect(readme).not.toContain('prize.example');
      expect(readme).toContain('2 requested name(s) matched no variable or location and are left out.');
      const pkg = JSON.parse(files.get('datapackage.json')!.toString());
      expect(pkg.resources[0].variables).toContainEqual({
        name: PRICE,
        unit: 'KES per KG',
        dataset: 'wfp',
        derivation: PRICE_DERIVATION,
      });
      const csv = files.get('data.csv')!.toString().trim().split('\n');
      expect(csv).toContain('Jan 1991-2020,Rainfall Monthly Average(mm),1991,mm,Coast,cru-normals');
      expect(csv).toContain('2020-01,"Average retail price: Maize, KG",45,KES per KG,Nairobi,wfp');
    });

    it('answers an export that matches nothing with info, not a file', async () => {
      const cookie = await loginAs(server.db, `empty-${dialect}@example.org`);
      const response = await post(
        API.timeseriesExport,
        { ...query, start: '1990-01-01', end: '1991-01-01' },
        { cookie },
      );
      expect(await response.json()).toEqual({ info: t('timeseries.noData') });
    });
  });
}
