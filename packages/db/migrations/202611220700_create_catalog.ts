import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sectors')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('intro', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sector_slug', 'text', (c) => c.notNull().references('sectors.slug').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('external_slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('in_sector_list', 'integer', (c) => c.notNull().check(sql`in_sector_list in (0, 1)`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('sources_sector_slug_slug_unique', ['sector_slug', 'slug'])
    .execute();

  await db.schema
    .createTable('layers')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('raster', 'vector')`))
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('feature_filter', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('publisher', 'text', (c) => c.notNull())
    .addColumn('licence', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('layer_sources')
    .addColumn('layer_name', 'text', (c) => c.notNull().references('layers.name').onDelete('cascade'))
    .addColumn('source_id', 'text', (c) => c.notNull().references('sources.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('layer_sources_pk', ['layer_name', 'source_id'])
    .execute();

  await db.schema
    .createTable('external_links')
    .addColumn('source_id', 'text', (c) => c.notNull().references('sources.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('organisation', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('external_links_pk', ['source_id', 'position'])
    .execute();

  await db.schema
    .createTable('partners')
    .addColumn('position', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['meta', 'partners', 'external_links', 'layer_sources', 'layers', 'sources', 'sectors']) {
    await db.schema.dropTable(table).execute();
  }
}
