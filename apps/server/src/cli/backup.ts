// npm run db:backup [-- file]: copies the database DATABASE_URL names, while the portal runs.
import { backupDatabase, defaultBackupFile } from '@portal/db/backup';
import { loadConfig, ROOT_DIR } from '../config.ts';

const { databaseUrl } = loadConfig();
const file = process.argv[2] ?? defaultBackupFile(ROOT_DIR, databaseUrl);
await backupDatabase(databaseUrl, file);
console.log(`backup written to ${file}`);
