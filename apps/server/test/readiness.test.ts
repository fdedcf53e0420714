import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadinessSchema } from '@portal/contract/health';
import { API } from '@portal/contract/paths';
import { testDialects } from '@portal/db/testing';
import { importData, manifestIds } from '@portal/importer';
import { buildTestApp, type TestApp } from './test-server.ts';

const DATASET = 'wdi-kenya';

for (const { dialect, available } of await testDialects()) {
  describe.skipIf(!available)(`liveness and readiness on ${dialect}`, () => {
    let server: TestApp;
    const ready = async () => {
      const response = await server.fetch(API.ready);
      return { status: response.status, report: ReadinessSchema.parse(await response.json()) };
    };

    beforeAll(async () => {
      server = await buildTestApp(dialect, { expectedDatasets: [DATASET] });
    });
    afterAll(() => server.close());

    it('waits for the data: 503 naming the dataset not loaded, then 200 once it is', async () => {
      expect(manifestIds()).toContain(DATASET);
      expect(await ready()).toMatchObject({
        status: 503,
        report: {
          ready: false,
          checks: {
            database: { ok: true },
            migrations: { ok: true, pending: [] },
            data: { ok: false, missing: [DATASET] },
          },
        },
      });
      await importData(server.db, { only: [DATASET] });
      expect(await ready()).toMatchObject({ status: 200, report: { ready: true } });
    });

    it('says which migration has not run', async () => {
      const [last] = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`
        .execute(server.db)
        .then((r) => r.rows);
      await sql`delete from kysely_migration where name = ${last.name}`.execute(server.db);
      try {
        expect(await ready()).toMatchObject({
          status: 503,
          report: { checks: { migrations: { ok: false, pending: [last.name] } } },
        });
      } finally {
        await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${new Date().toISOString()})`.execute(
          server.db,
        );
      }
      expect((await ready()).status).toBe(200);
    });

    it('is not ready when the database refuses a write, while /api/health stays alive', async () => {
      await sql`drop table meta`.execute(server.db);
      const { status, report } = await ready();
      expect(status).toBe(503);
      expect(report.checks.database.ok).toBe(false);
      expect(report.checks.database.detail).toMatch(/meta/);
      expect((await server.fetch(API.health)).status).toBe(200);
    });
  });
}
