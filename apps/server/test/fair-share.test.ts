import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetCursor, DatasetObservationsPageSchema, datasetVersion } from '@portal/contract/datasets';
import { ApiErrorSchema } from '@portal/contract/errors';
import { translator } from '@portal/contract/messages';
import { API } from '@portal/contract/paths';
import { SEARCH_WORDS_MAX, SearchResponseSchema } from '@portal/contract/search';
import { ExportResponseSchema, PREVIEW_ROW_LIMIT, PreviewResponseSchema, todayIso } from '@portal/contract/timeseries';
import { isSqlite } from '@portal/db/dialect';
import { listLocations, listVariables, selectObservations } from '@portal/db/queries/timeseries.queries';
import { testDialects } from '@portal/db/testing';
import {
  countMatches,
  CSV_BATCH_ROWS,
  pageOfObservations,
  resolveDataset,
  resolveQuery,
  slicesOf,
} from '../src/services/timeseries-query.ts';
import { call } from './http.ts';
import { loginAs } from './login-as.ts';
import { buildTestApp, type TestApp } from './test-server.ts';

/** The largest dataset the portal ships (146,048 rows). */
const DEEP = 'osemosys-kenya-psm-v2';
const PAGE_SIZE = 1000;
const sw = translator('sw');
const en = translator('en');

/**
 * How many turns of the event loop passed while `work` ran: a callback queued behind each turn
 * counts it. Work done in one synchronous hold of the thread counts one turn, however long.
 */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    running = false;
  }
}

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`one visitor cannot slow down another, on ${dialect}`, () => {
    let server: TestApp;
    let cookie: string;
    beforeAll(async () => {
      server = await buildTestApp(dialect, { template: 'data' });
      cookie = await loginAs(server.db, `fair-${dialect}@example.org`);
    });
    afterAll(() => server.close());

    const pageOf = async (query: string) => {
      const answer = await call(server, `${API.datasetObservations(DEEP)}?${query}`);
      expect(answer.status, query).toBe(200);
      return DatasetObservationsPageSchema.parse(answer.body);
    };
    /** The page as counting and skipping rows gives it, for comparison. */
    const skipped = async (page: number) => {
      const resolved = await resolveDataset(server.db, DEEP);
      return pageOfObservations(server.db, resolved!, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    };

    it('numbers every row of a dataset at import, in page order, and serves a page by its ordinals', async () => {
      const { rows } = await sql<{ n: number; last: number }>`
        select count(*) as n, max(ordinal) as ${sql.id('last')} from dataset_rows where dataset_id = ${DEEP}`.execute(
        server.db,
      );
      const { rows: values } = await sql<{ n: number }>`
        select count(*) as n from observations o join variables v on v.id = o.variable_id where v.dataset_id = ${DEEP}`.execute(
        server.db,
      );
      expect(Number(rows[0].n)).toBe(Number(values[0].n));
      expect(Number(rows[0].last)).toBe(Number(values[0].n));

      const last = Math.ceil(Number(values[0].n) / PAGE_SIZE);
      for (const page of [1, 73, last]) {
        const answer = await pageOf(`page=${page}&pageSize=${PAGE_SIZE}`);
        expect(answer.total).toBe(Number(values[0].n));
        expect(answer.data, `page ${page}`).toEqual(await skipped(page));
      }

      // Two rows of the last page swapped in the numbering change places in the answer: the page reads the ordinals.
      const first = (last - 1) * PAGE_SIZE + 1;
      const swap = async () => {
        await sql`update dataset_rows set ordinal = -1 where dataset_id = ${DEEP} and ordinal = ${first}`.execute(
          server.db,
        );
        await sql`update dataset_rows set ordinal = ${first} where dataset_id = ${DEEP} and ordinal = ${first + 1}`.execute(
          server.db,
        );
        await sql`update dataset_rows set ordinal = ${first + 1} where dataset_id = ${DEEP} and ordinal = -1`.execute(
          server.db,
        );
      };
      const before = await skipped(last);
      await swap();
      try {
        const swapped = (await pageOf(`page=${last}&pageSize=${PAGE_SIZE}`)).data;
        expect(swapped.slice(0, 2)).toEqual([before[1], before[0]]);
        expect(swapped.slice(2)).toEqual(before.slice(2));
      } finally {
        await swap();
      }
    });

    it('counts and skips as before while the ordinals belong to another load', async () => {
      await server.db
        .updateTable('datasets')
        .set({ ordinals_checksum: 'another load' })
        .where('id', '=', DEEP)
        .execute();
      try {
        const answer = await pageOf(`page=2&pageSize=${PAGE_SIZE}`);
        expect(answer.data).toEqual(await skipped(2));
        expect(answer.next).not.toBeNull();
      } finally {
        await server.db
          .updateTable('datasets')
          .set((eb) => ({ ordinals_checksum: eb.ref('checksum') }))
          .where('id', '=', DEEP)
          .execute();
      }
    });

    it("walks a dataset by cursor, every row once in page order; a bad or stale cursor answers 400 in the reader's language", async () => {
      const walked = [];
      let query = `pageSize=${PAGE_SIZE}&page=140`;
      for (let answer = await pageOf(query); ; answer = await pageOf(query)) {
        walked.push(...answer.data);
        if (answer.next === null) break;
        query = `pageSize=${PAGE_SIZE}&cursor=${answer.next}`;
      }
      const byNumber = [];
      for (let page = 140; page <= 147; page++) byNumber.push(...(await skipped(page)));
      expect(walked).toEqual(byNumber);

      const { checksum } = await server.db
        .selectFrom('datasets')
        .select('checksum')
        .where('id', '=', DEEP)
        .executeTakeFirstOrThrow();
      const stale = datasetCursor('0123456789ab', 1000);
      expect(datasetCursor(datasetVersion(checksum), 1000)).not.toBe(stale);
      for (const [cursor, key] of [
        ['not-a-cursor', 'datasets.badCursor'],
        [stale, 'datasets.staleCursor'],
      ] as const) {
        for (const [language, t] of [
          ['en', en],
          ['sw', sw],
        ] as const) {
          const answer = await call(server, `${API.datasetObservations(DEEP)}?cursor=${cursor}&lang=${language}`);
          expect(answer.status, `${cursor} ${language}`).toBe(400);
          expect(ApiErrorSchema.parse(answer.body).error.message).toContain(t(key));
        }
      }
    });

    it('streams a dataset as CSV a batch per turn of the event loop', async () => {
      const { result, turns } = await turnsDuring(async () => {
        const response = await server.fetch(API.datasetObservationsCsv(DEEP), { headers: { cookie } });
        return { status: response.status, text: await response.text() };
      });
      expect(result.status).toBe(200);
      const rows = result.text.trimEnd().split('\n').length - 1;
      expect(rows).toBe(146_048);
      expect(turns).toBeGreaterThanOrEqual(Math.ceil(rows / CSV_BATCH_ROWS));
    });

    const models = async () => ({
      start: '1900-01-01',
      end: todayIso(),
      variables: (await listVariables(server.db, 'energy/models')).map((v) => v.name),
      locations: (await listLocations(server.db, 'energy/models')).map((l) => l.name),
      source: 'energy/models',
    });

    it('answers the largest preview as one query would, read slice by slice on SQLite', async () => {
      const query = await models();
      const resolved = (await resolveQuery(server.db, query))!;
      const { result, turns } = await turnsDuring(() => call(server, API.preview, { body: query }));
      expect(result.status).toBe(200);
      const preview = PreviewResponseSchema.parse(result.body);
      expect(preview).toMatchObject({ total: await countMatches(server.db, resolved) });
      const rows = await selectObservations(server.db, resolved.filter, PREVIEW_ROW_LIMIT);
      expect('data' in preview && preview.data).toEqual(
        rows.map((o) => [o.timestamp, o.variable, o.value, o.location]),
      );
      // PostgreSQL reads in its own processes; SQLite, on this thread, a slice a turn.
      if (isSqlite(server.db)) {
        const slices = slicesOf(resolved);
        expect(slices.length).toBeGreaterThan(1);
        expect(turns).toBeGreaterThanOrEqual(slices.length);
      }
    });

    it('builds the export from batches of rows, each on a turn of its own', async () => {
      const query = await models();
      const total = await countMatches(server.db, (await resolveQuery(server.db, query))!);
      const { result, turns } = await turnsDuring(() =>
        call(server, API.timeseriesExport, { body: query, headers: { cookie } }),
      );
      expect(result.status).toBe(200);
      expect(ExportResponseSchema.parse(result.body)).toHaveProperty('file');
      expect(turns).toBeGreaterThanOrEqual(Math.ceil(total / CSV_BATCH_ROWS));
    });

    it('draws the layers of a raster download one a turn', async () => {
      const layers = ['Kenya Bare Areas', 'Forests', 'Rangeland', 'Wetlands', 'Urban'];
      const { result, turns } = await turnsDuring(() =>
        call(server, API.rasterDownload, { body: { layers }, headers: { cookie } }),
      );
      expect(result.status).toBe(200);
      expect(turns).toBeGreaterThanOrEqual(layers.length);
    });

    it(`takes a search of up to ${SEARCH_WORDS_MAX} words, one look-up a turn, and refuses more in the reader's language`, async () => {
      // Words the index looks up: a common word such as 'for' is not, and does not count.
      const words = ['rai', 'nai', 'ele', 'acc', 'pop', 'cou', 'wat', 'foo', 'cro', 'tem'];
      expect(words).toHaveLength(SEARCH_WORDS_MAX);
      const { result, turns } = await turnsDuring(() =>
        call(server, `${API.search}?q=${encodeURIComponent(words.join(' '))}`),
      );
      expect(result.status).toBe(200);
      SearchResponseSchema.parse(result.body);
      expect(turns).toBeGreaterThanOrEqual(words.length);

      for (const [language, t] of [
        ['en', en],
        ['sw', sw],
      ] as const) {
        const answer = await call(
          server,
          `${API.search}?q=${encodeURIComponent([...words, 'mai'].join(' '))}&lang=${language}`,
        );
        expect(answer.status).toBe(400);
        expect(ApiErrorSchema.parse(answer.body).error.message).toContain(t('search.tooManyWords'));
      }
      // Punctuation is no word: a query of ten words and commas is taken.
      expect((await call(server, `${API.search}?q=${encodeURIComponent(words.join(', '))}`)).status).toBe(200);
    });
  });
}
