import { parseArgs } from 'node:util';
import { openDb } from '@portal/db/dialect';
import { migrateToLatest } from '@portal/db/migrate';
import { formatSummary, importData, importFailed, loadCatalog } from '@portal/importer';
import { loadConfig } from '../config.ts';

// npm run import [-- --force] [-- --strict] [-- --only id,id]: loads data/sources into the configured database.
const { values } = parseArgs({
  options: {
    force: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const { db, destroy } = openDb(loadConfig().databaseUrl);
try {
  await migrateToLatest(db);
  await loadCatalog(db);
  const summary = await importData(db, {
    force: values.force,
    strict: values.strict,
    only: values.only
      ?.split(',')
      .map((id) => id.trim())
      .filter(Boolean),
    log: (line) => console.log(line),
  });
  console.log(formatSummary(summary));
  if (importFailed(summary)) process.exitCode = 1;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await destroy();
}
