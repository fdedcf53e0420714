import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '@portal/db/dialect';
import { openTemplateCopy, sqliteTemplateFile, type TestDatabase, testDialects } from '@portal/db/testing';

/** Where mail is sent from: SQLite in memory and PostgreSQL where reachable, and a SQLite file, as a single server keeps it. */
export async function mailDatabaseVariants() {
  return [...(await testDialects()), { dialect: 'sqlite-file' as const, available: true }];
}

export /** A database the way each setting holds it: SQLite in memory, PostgreSQL, and a SQLite file two handles open. */
async function openVariant(variant: 'sqlite' | 'postgres' | 'sqlite-file'): Promise<TestDatabase> {
  if (variant !== 'sqlite-file') return openTemplateCopy(variant, 'catalogue');
  const dir = mkdtempSync(join(tmpdir(), 'portal-mail-'));
  const url = `sqlite://${join(dir, 'portal.db')}`;
  copyFileSync(sqliteTemplateFile('catalogue'), join(dir, 'portal.db'));
  const handle = openDb(url);
  const others: ReturnType<typeof openDb>[] = [];
  return {
    ...handle,
    another: () => {
      others.push(openDb(url));
      return others[others.length - 1].db;
    },
    cleanup: async () => {
      for (const other of others) await other.destroy();
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
