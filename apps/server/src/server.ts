import { join } from 'node:path';
import { openDb } from '@portal/db/dialect';
import { migrateToLatest } from '@portal/db/migrate';
import { loadCatalog, readSite } from '@portal/importer/catalog';
import { CATALOG_DIR } from '@portal/importer/paths';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, ROOT_DIR } from './config.ts';

/** Starts the portal: configuration, migrations, catalogue, then the HTTP server. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { db, destroy } = openDb(config.databaseUrl);
  const applied = await migrateToLatest(db);
  const catalog = await loadCatalog(db);
  const app = await buildApp({
    db,
    site: readSite(),
    webDir: join(ROOT_DIR, 'apps/web/dist'),
    logosDir: join(CATALOG_DIR, 'logos'),
    logLevel: config.logLevel,
    map: config.map,
    cacheDir: config.cacheDir,
    warmLayers: true,
  });
  app.log.info({ migrations: applied.length, catalog }, 'database ready');
  const close = async () => {
    await app.close();
    await destroy();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The portal could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
