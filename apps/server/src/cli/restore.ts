// npm run db:restore -- file: puts a backup back as the database DATABASE_URL names. Stop the portal first.
import { restoreDatabase } from '@portal/db/backup';
import { loadConfig } from '../config.ts';

const file = process.argv[2];
if (!file) {
  console.error(
    'Name the backup to restore: npm run db:restore -- var/backups/portal-<time>.sqlite (or .dump for PostgreSQL)',
  );
  process.exit(2);
}
restoreDatabase(loadConfig().databaseUrl, file);
console.log(`database restored from ${file}`);
