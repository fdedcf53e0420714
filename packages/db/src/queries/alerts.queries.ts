import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';
import type { AlertRow, AlertsTable } from '../tables/follows.table.ts';

type Db = Kysely<Database>;

/** Every monthly figure with values for a county, with each such county, by figure and county name. */
export function monthlyCountySeries(db: Db) {
  return db
    .selectFrom('variables as v')
    .innerJoin('observations as o', 'o.variable_id', 'v.id')
    .innerJoin('locations as l', 'l.id', 'o.location_id')
    .select(['v.name as variable', 'v.unit', 'l.name as county'])
    .distinct()
    .where('v.period', '=', 'month')
    .where('l.kind', '=', 'county')
    .orderBy('v.name')
    .orderBy('l.name')
    .execute();
}

/** A figure by name, with its unit and period; undefined when no figure has the name. */
export function findVariableByName(db: Db, name: string) {
  return db
    .selectFrom('variables')
    .select(['id', 'name', 'unit', 'period'])
    .where('name', '=', name)
    .executeTakeFirst();
}

/**
 * A figure's two latest values in a county, latest first: the latest month with a value and the
 * month with a value before it. Empty when it has none there.
 */
export function latestTwoValues(db: Db, variable: string, county: string) {
  return db
    .selectFrom('observations as o')
    .innerJoin('variables as v', 'v.id', 'o.variable_id')
    .innerJoin('locations as l', 'l.id', 'o.location_id')
    .select(['o.ts', 'o.value'])
    .where('v.name', '=', variable)
    .where('l.name', '=', county)
    .where('l.kind', '=', 'county')
    .orderBy('o.ts', 'desc')
    .limit(2)
    .execute();
}

/** A source offering a figure (the first by id), for the address of its timeseries page. */
export function sourceOfVariable(db: Db, variable: string) {
  return db
    .selectFrom('variable_sources as vs')
    .innerJoin('variables as v', 'v.id', 'vs.variable_id')
    .innerJoin('sources as s', 's.id', 'vs.source_id')
    .select(['s.sector_slug', 's.slug'])
    .where('v.name', '=', variable)
    .orderBy('s.id')
    .executeTakeFirst();
}

export async function insertAlert(db: Db, alert: AlertsTable): Promise<void> {
  await db.insertInto('alerts').values(alert).execute();
}

/** A user's alerts, newest first, with the unit of the figure (null once it is gone). */
export function listAlerts(db: Db, userId: string) {
  return db
    .selectFrom('alerts as a')
    .leftJoin('variables as v', 'v.name', 'a.variable')
    .selectAll('a')
    .select('v.unit')
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .execute();
}

/** Ends a user's alert; false when the user has no alert with that id. */
export async function deleteAlert(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('alerts').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The alerts on the figures of a dataset. */
export function alertsOnDataset(db: Db, datasetId: string): Promise<AlertRow[]> {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('variable', 'in', (eb) => eb.selectFrom('variables').select('name').where('dataset_id', '=', datasetId))
    .execute();
}

/** Records what an import saw of an alert's figure, and the month it told of, if it did. */
export async function saveAlertState(
  db: Db,
  id: string,
  state: Pick<AlertsTable, 'last_ts' | 'last_value' | 'last_on_side' | 'told_ts'>,
): Promise<void> {
  await db.updateTable('alerts').set(state).where('id', '=', id).execute();
}

/** The crossings an alert mail tells, each with its alert and the figure's unit. */
export function mailAlerts(db: Db, mailId: string) {
  return db
    .selectFrom('outbox_alerts as m')
    .innerJoin('alerts as a', 'a.id', 'm.alert_id')
    .leftJoin('variables as v', 'v.name', 'a.variable')
    .select(['a.id', 'a.variable', 'a.county', 'a.comparison', 'a.threshold', 'm.ts', 'm.value', 'v.unit'])
    .where('m.mail_id', '=', mailId)
    .orderBy('a.variable')
    .orderBy('a.county')
    .execute();
}

/** The alerts of a user by id (those that still exist). */
export function alertsByIds(db: Db, userId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('alerts').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
}
