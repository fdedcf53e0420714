import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { loadCatalog, readSite } from '@portal/importer/catalog';
import { CATALOG_DIR } from '@portal/importer/paths';
import { buildApp } from '../src/app.ts';

export interface TestServer {
  url: string;
  db: TestDatabase['db'];
  close(): Promise<void>;
}

/** The real server on a free port with a fresh, migrated database holding the shipped catalogue. */
export async function startTestServer(dialect: 'sqlite' | 'postgres', options: { webDir?: string } = {}): Promise<TestServer> {
  const database = await openTestDatabase(dialect);
  await loadCatalog(database.db);
  const app = await buildApp({
    db: database.db,
    site: readSite(),
    webDir: options.webDir,
    logosDir: join(CATALOG_DIR, 'logos'),
    logLevel: 'silent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db: database.db,
    close: async () => {
      await app.close();
      await database.cleanup();
    },
  };
}
