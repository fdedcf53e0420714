import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { dialectOf } from './dialect.ts';
import { SQLite } from './sqlite.ts';

/** The file a backup goes to by default: var/backups/portal-<UTC time>.<sqlite or dump>. */
export function defaultBackupFile(rootDir: string, databaseUrl: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..+$/, '');
  return resolve(rootDir, 'var/backups', `portal-${stamp}.${dialectOf(databaseUrl) === 'sqlite' ? 'sqlite' : 'dump'}`);
}

const sqlitePath = (url: string) => resolve(url.slice('sqlite://'.length));

/**
 * Copies the database to `file` while the portal keeps running: SQLite's online backup (a
 * consistent copy, pages copied between the server's writes), or pg_dump's custom format for
 * PostgreSQL (one snapshot; pg_restore can restore it table by table).
 */
export async function backupDatabase(databaseUrl: string, file: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  if (dialectOf(databaseUrl) === 'sqlite') {
    const database = new SQLite(sqlitePath(databaseUrl), { readonly: true, fileMustExist: true });
    try {
      await database.backup(file);
    } finally {
      database.close();
    }
    return;
  }
  execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, databaseUrl], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * Puts a backup back in place of the database; stop the portal first. SQLite: the file is copied
 * beside the database and renamed over it (its write-ahead log removed), so a failed copy leaves
 * the old database. PostgreSQL: pg_restore drops and recreates what the dump holds, in one
 * transaction.
 */
export function restoreDatabase(databaseUrl: string, file: string): void {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if (dialectOf(databaseUrl) === 'sqlite') {
    const target = sqlitePath(databaseUrl);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, `${target}.restoring`);
    for (const extra of ['-wal', '-shm']) rmSync(`${target}${extra}`, { force: true });
    renameSync(`${target}.restoring`, target);
    return;
  }
  execFileSync(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${databaseUrl}`, file],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
}
