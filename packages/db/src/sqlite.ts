import { createRequire } from 'node:module';
import type SQLiteDatabase from 'better-sqlite3';

/** The major version of the Node running the portal. */
export const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/**
 * better-sqlite3 in the line that works on this Node (ADR 0023): 12 on Node 20, where 13 crashes
 * on load; 13 from Node 22 on, since 12's statements abort Node 24 when the garbage collector frees
 * them. Only the chosen one is loaded.
 */
export const SQLite = createRequire(import.meta.url)(
  NODE_MAJOR >= 22 ? 'better-sqlite3-13' : 'better-sqlite3',
) as typeof SQLiteDatabase;
