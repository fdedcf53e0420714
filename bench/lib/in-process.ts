// The portal's HTTP server in the benchmark's own process, on a database it has filled.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@portal/db/database';
import { openDb } from '@portal/db/dialect';
import { migrateToLatest } from '@portal/db/migrate';
import { CATALOG_DIR, importData, loadCatalog, readSite } from '@portal/importer';
import { buildApp } from '../../apps/server/src/app.ts';
import { ROOT_DIR } from '../../apps/server/src/config.ts';

/** A fresh SQLite file `var/bench/{name}.db` holding the shipped catalogue and data, and its path. */
export async function shippedDataDb(name: string) {
  const dir = join(ROOT_DIR, 'var/bench');
  const file = join(dir, `${name}.db`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  mkdirSync(dir, { recursive: true });
  const { db, destroy } = openDb(`sqlite://${file}`);
  await migrateToLatest(db);
  await loadCatalog(db);
  await importData(db);
  return { db, destroy, file };
}

/** Starts the portal on a free loopback port; `close` stops it and removes its mail folder. */
export async function listenInProcess(db: Kysely<Database>): Promise<{ base: string; close: () => Promise<void> }> {
  const mailDir = mkdtempSync(join(tmpdir(), 'bench-mail-'));
  const app = await buildApp({
    db,
    site: readSite(),
    logosDir: join(CATALOG_DIR, 'logos'),
    logLevel: 'silent',
    publicUrl: 'http://portal.test',
    mail: { from: 'bench <bench@portal.test>', dir: mailDir },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => {
      await app.close();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}
