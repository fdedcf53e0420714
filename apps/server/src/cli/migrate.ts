import { openDb } from '@portal/db/dialect';
import { migrateToLatest } from '@portal/db/migrate';
import { loadConfig } from '../config.ts';

const { db, destroy } = openDb(loadConfig().databaseUrl);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await destroy();
}
