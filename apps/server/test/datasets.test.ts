import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import spdxLicenceIds from 'spdx-license-ids/index.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { DatasetDetailSchema, DatasetSummarySchema } from '@portal/contract/datasets';
import { ApiErrorSchema } from '@portal/contract/errors';
import { API } from '@portal/contract/paths';
import { ExportResponseSchema, ObservationsPageSchema } from '@portal/contract/timeseries';
import { testDialects } from '@portal/db/testing';
import { importData, unzip } from '@portal/importer';
import { getJson } from '@portal/testing/http';
import { loginAs } from './login-as.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

const RAINFALL = 'wfp-chirps-county-rainfall';
const WDI = 'wdi-kenya';
const manifestOf = (id: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../data/sources', `${id}.json`), 'utf8')) as Record<
    string,
    string
  >;

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`dataset API on ${dialect}`, () => {
    let server: TestApp;
    const list = () => getJson(server, `${API.datasets}`, z.array(DatasetSummarySchema));
    const detail = (id: string) => getJson(server, `${API.dataset(id)}`, DatasetDetailSchema);

    /** What the database holds for a dataset, counted here apart from the API's own queries. */
    const stored = async (id: string) => {
      const { rows } = await sql<{ values: number; variables: number; places: number }>`
        select
          (select count(*) from observations o join variables v on v.id = o.variable_id where v.dataset_id = ${id}) as ${sql.id('values')},
          (select count(*) from variables where dataset_id = ${id}) as variables,
          (select count(distinct o.location_id) from observations o join variables v on v.id = o.variable_id where v.dataset_id = ${id}) as places`.execute(
        server.db,
      );
      const { checksum, loaded_at } = await server.db
        .selectFrom('datasets')
        .select(['checksum', 'loaded_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        values: Number(rows[0].values),
        variables: Number(rows[0].variables),
        places: Number(rows[0].places),
        checksum,
        loadedAt: Number(loaded_at),
      };
    };

    beforeAll(async () => {
      server = await buildTestApp(dialect, { template: 'data' });
    }, 120_000);
    afterAll(() => server.close());

    it('lists every loaded dataset with its version, licence settled and counts as stored', async () => {
      const datasets = await list();
      const storedIds = (await server.db.selectFrom('datasets').select('id').orderBy('id').execute()).map((d) => d.id);
      expect(datasets.map((d) => d.id)).toEqual(storedIds);
      expect(storedIds).toEqual(expect.arrayContaining([WDI, RAINFALL]));
      for (const dataset of datasets) {
        const truth = await stored(dataset.id);
        expect(truth.values).toBeGreaterThan(0);
        expect(dataset).toMatchObject({
          version: truth.checksum.slice(0, 12),
          valueCount: truth.values,
          variableCount: truth.variables,
          licenceToVerify: false,
        });
        // The time it was loaded, as stored (import-data.test.ts checks the importer stores the time of the load).
        expect(dataset.loadedAt).toBe(new Date(truth.loadedAt).toISOString());
      }
      const wdi = datasets.find((d) => d.id === WDI)!;
      const rainfall = datasets.find((d) => d.id === RAINFALL)!;
      for (const big of [wdi, rainfall]) expect((await stored(big.id)).values).toBeGreaterThan(1000);
      expect(rainfall).toMatchObject({
        publisher: manifestOf(RAINFALL).publisher,
        first: '2015-01-01',
        retrieved: manifestOf(RAINFALL).retrieved,
      });
      expect(wdi).toMatchObject({ publisher: 'World Bank', licenceToVerify: false, first: '1960-01-01' });
      // A year runs to 31 December.
      expect(wdi.last).toMatch(/^20\d\d-12-31$/);
    });

    it('describes a dataset: provenance, coverage counted from its values, the sources that list it and its loads', async () => {
      const dataset = await detail(RAINFALL);
      const manifest = manifestOf(RAINFALL);
      const truth = await stored(RAINFALL);
      expect(dataset).toMatchObject({
        id: RAINFALL,
        title: manifest.title,
        publisher: manifest.publisher,
        licence: manifest.licence,
        citation: manifest.citation,
        sourceUrl: manifest.sourceUrl,
        retrieved: manifest.retrieved,
        licenceToVerify: false,
        checksum: truth.checksum,
        version: truth.checksum.slice(0, 12),
      });
      const { coverage } = dataset;
      expect(coverage.valueCount).toBe(truth.values);
      expect(coverage.variables.map((v) => v.name).sort()).toEqual([
        'Rainfall, 1-month rolling',
        'Rainfall, 1-month rolling, anomaly',
        'Rainfall, 3-month rolling',
        'Rainfall, 3-month rolling, anomaly',
      ]);
      expect(coverage.variables.reduce((sum, v) => sum + v.valueCount, 0)).toBe(truth.values);
      expect(coverage.valuesPerYear.reduce((sum, y) => sum + y.count, 0)).toBe(truth.values);
      expect(coverage.valuesPerYear[0].year).toBe(2015);
      expect(coverage.places).toEqual({ count: truth.places, kinds: [{ kind: 'county', count: 47 }] });
      expect(coverage.first).toBe('2015-01-01');
      expect(dataset.sources).toContainEqual({
        sector: 'climate',
        sectorTitle: 'Climate',
        source: 'weather-observations',
        sourceTitle: expect.any(String),
        page: '/sectors/climate/weather-observations/timeseries',
      });
      expect(dataset.versions).toEqual([
        {
          number: 1,
          version: dataset.version,
          checksum: truth.checksum,
          loadedAt: dataset.loadedAt,
          valueCount: truth.values,
          changes: null,
        },
      ]);
    });

    it("names each licence of an export's datapackage.json by its SPDX identifier, or as 'other' with its text", async () => {
      const cookie = await loginAs(server.db, `licences-${dialect}@example.org`);
      const response = await server.fetch(API.timeseriesExport, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          start: '2019-01-01',
          end: '2023-12-31',
          variables: ['Electricity access', 'Access to electricity', 'Rainfall, 1-month rolling'],
          locations: ['Kenya', 'Turkana'],
        }),
      });
      const body = ExportResponseSchema.parse(await response.json());
      if (!('file' in body)) throw new Error('expected a file');
      const pkg = JSON.parse((await unzip(Buffer.from(body.file, 'base64'))).get('datapackage.json')!.toString());
      const census = manifestOf('census-2019-lighting');
      expect(pkg.licenses).toEqual([
        { name: 'other', title: census.licence },
        { name: 'CC-BY-4.0', path: 'https://spdx.org/licenses/CC-BY-4.0.html' },
        { name: 'CC-BY-3.0-IGO', path: 'https://spdx.org/licenses/CC-BY-3.0-IGO.html' },
      ]);
      for (const licence of pkg.licenses) expect([...spdxLicenceIds, 'other']).toContain(licence.name);
      expect(pkg.resources[0].licenses).toEqual(pkg.licenses);
    });

    it('lists a reload as the newest version, with what it changed', async () => {
      await importData(server.db, { only: [WDI], force: true });
      const { versions, coverage } = await detail(WDI);
      expect(versions.map((v) => v.number)).toEqual([2, 1]);
      expect(versions[0]).toMatchObject({
        valueCount: coverage.valueCount,
        changes: { added: 0, removed: 0, changed: 0, first: null, last: null },
      });
      expect(versions[1].changes).toBeNull();
    });

    it('answers 404 for an unknown dataset and 400 for a malformed id, in the open API shape', async () => {
      for (const path of [API.dataset('no-such-dataset'), API.datasetObservations('no-such-dataset')]) {
        const response = await server.fetch(path);
        expect(response.status).toBe(404);
        expect(ApiErrorSchema.parse(await response.json()).error).toMatchObject({
          code: 'NOT_FOUND',
          message: "Dataset 'no-such-dataset' was not found",
        });
      }
      const malformed = await server.fetch(API.dataset('Not_An_Id'));
      expect(malformed.status).toBe(400);
      expect(ApiErrorSchema.parse(await malformed.json()).error.message).toContain(
        'A dataset id is lower-case words joined by hyphens',
      );
    });

    it('pages the observations of a dataset as JSON', async () => {
      const truth = await stored(RAINFALL);
      const page = (params: string) =>
        getJson(server, `${API.datasetObservations(RAINFALL)}?${params}`, ObservationsPageSchema);
      const first = await page('pageSize=1000');
      expect(first).toMatchObject({ page: 1, pageSize: 1000, total: truth.values });
      expect(first.data).toHaveLength(1000);
      expect(first.data[0]).toMatchObject({ timestamp: '2015-01', dataset: RAINFALL, unit: 'mm' });
      expect(first.datasets).toEqual([
        expect.objectContaining({ id: RAINFALL, publisher: manifestOf(RAINFALL).publisher }),
      ]);
      const second = await page('page=2&pageSize=1000');
      const keys = (data: typeof first.data) => data.map((o) => `${o.timestamp}|${o.variable}|${o.location}`);
      expect(new Set([...keys(first.data), ...keys(second.data)]).size).toBe(2000);
      const lastPage = Math.ceil(truth.values / 1000);
      expect((await page(`page=${lastPage}&pageSize=1000`)).data).toHaveLength(truth.values - (lastPage - 1) * 1000);
      expect(await page(`page=${lastPage + 1}&pageSize=1000`)).toMatchObject({
        data: [],
        total: truth.values,
        datasets: [],
      });
      expect((await page('')).data).toHaveLength(100);
    });

    it('refuses bad page parameters with 400, saying which', async () => {
      for (const [params, text] of [
        ['page=0', 'page must be a whole number from 1'],
        ['page=abc', 'page must be a whole number from 1'],
        ['page=1.5', 'page must be a whole number from 1'],
        ['pageSize=0', 'pageSize must be a whole number from 1 to 1000'],
        ['pageSize=1001', 'pageSize must be a whole number from 1 to 1000'],
      ]) {
        const response = await server.fetch(`${API.datasetObservations(RAINFALL)}?${params}`);
        expect(response.status, params).toBe(400);
        const { error } = ApiErrorSchema.parse(await response.json());
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.message).toContain(text);
      }
    });

    it('streams every value as CSV named by dataset and version for a session, and refuses it without one', async () => {
      const url = API.datasetObservationsCsv(RAINFALL);
      const refused = await server.fetch(url);
      expect(refused.status).toBe(401);
      expect(ApiErrorSchema.parse(await refused.json()).error.code).toBe('LOGIN_REQUIRED');

      const truth = await stored(RAINFALL);
      const cookie = await loginAs(server.db, `dataset-csv-${dialect}@example.org`);
      const response = await server.fetch(url, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${RAINFALL}-${truth.checksum.slice(0, 12)}.csv"`,
      );
      const lines = (await response.text()).trim().split('\n');
      expect(lines[0]).toBe('timestamp,variable,value,unit,location,dataset');
      expect(lines).toHaveLength(truth.values + 1);
      expect(lines.slice(1).every((line) => line.endsWith(`,${RAINFALL}`))).toBe(true);
      const exports = await server.db.selectFrom('export_log').select('what').execute();
      expect(exports.map((e) => e.what)).toContain(`CSV dataset ${RAINFALL}, version ${truth.checksum.slice(0, 12)}`);
    });
  });
}
