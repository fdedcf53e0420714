import type { Migration } from 'kysely';
import * as createCatalog from './202611220700_create_catalog.ts';

/** Every migration, by name; names sort in the order they run. Never edit one after it has landed. */
export const migrations: Record<string, Migration> = {
  '202611220700_create_catalog': createCatalog,
};
