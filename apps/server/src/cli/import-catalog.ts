import { openDb } from '@portal/db/dialect';
import { migrateToLatest } from '@portal/db/migrate';
import { loadCatalog } from '@portal/importer';
import { loadConfig } from '../config.ts';

// npm run import:catalog [-- --force]: (re)loads data/catalog into the configured database.
const { db, destroy } = openDb(loadConfig().databaseUrl);
try {
  await migrateToLatest(db);
  const result = await loadCatalog(db, { force: process.argv.includes('--force') });
  console.log(result === 'loaded' ? 'catalogue loaded' : 'catalogue unchanged (use --force to reload)');
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await destroy();
}
