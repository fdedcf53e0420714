import type { Kysely } from 'kysely';
import { type Alert, type AlertSeries, alertState, type NewAlert } from '@portal/contract/alerts';
import { countySlug } from '@portal/contract/counties';
import type { Database } from '@portal/db/database';
import {
  findVariableByName,
  latestTwoValues,
  monthlyCountySeries,
  sourceOfVariable,
} from '@portal/db/queries/alerts.queries';
import { listCounties } from '@portal/db/queries/counties.queries';
import type { AlertRow, AlertsTable } from '@portal/db/tables/follows.table';
import { AppError, notFound } from '../plugins/errors.ts';
import { timeseriesPagePath } from './page-links.ts';

/** The months an alert's link shows, the latest included. */
const LINK_MONTHS = 12;

/** The first day of the month `months` before the month of `ts` (YYYY-MM-DD). */
function monthsBefore(ts: string, months: number): string {
  const date = new Date(`${ts.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

/**
 * The timeseries page of a figure in a county over the 12 months to `latest` (or its default
 * period without one), from the site's root; empty when no source offers the figure any more.
 */
export async function seriesPath(
  db: Kysely<Database>,
  alert: { variable: string; county: string },
  latest: string | null,
): Promise<string> {
  const source = await sourceOfVariable(db, alert.variable);
  if (!source) return '';
  return timeseriesPagePath(source.sector_slug, source.slug, {
    start: latest && monthsBefore(latest, LINK_MONTHS - 1),
    end: latest,
    variable: alert.variable,
    location: alert.county,
  });
}

/** The monthly figures with values for counties, each with those counties, for the alert form. */
export async function alertSeries(db: Kysely<Database>): Promise<AlertSeries[]> {
  const series = new Map<string, AlertSeries>();
  for (const row of await monthlyCountySeries(db)) {
    const one = series.get(row.variable) ?? { variable: row.variable, unit: row.unit, counties: [] };
    one.counties.push({ slug: countySlug(row.county), name: row.county });
    series.set(row.variable, one);
  }
  return [...series.values()];
}

/**
 * A new alert as stored, its state taken from the figure's values now: 404 for a figure or county
 * that does not exist, 400 for a figure that is not monthly or has no value for the county. A
 * crossing already there counts as told: the list shows it, and a mail is for the next one.
 */
export async function newAlert(
  db: Kysely<Database>,
  asked: NewAlert & { id: string; userId: string; language: string; now: number },
): Promise<{ alert: AlertsTable; unit: string }> {
  const variable = await findVariableByName(db, asked.variable);
  if (!variable) throw notFound('alert.unknownVariable', { variable: asked.variable });
  const county = (await listCounties(db)).find((c) => countySlug(c.name) === asked.county);
  if (!county) throw notFound('alert.unknownCounty', { county: asked.county });
  if (variable.period !== 'month')
    throw new AppError('VALIDATION_FAILED', 'alert.notMonthly', { variable: variable.name });
  const state = alertState(asked, await latestTwoValues(db, variable.name, county.name));
  if (!state)
    throw new AppError('VALIDATION_FAILED', 'alert.noCountyData', { variable: variable.name, county: county.name });
  const alert = {
    id: asked.id,
    user_id: asked.userId,
    variable: variable.name,
    county: county.name,
    comparison: asked.comparison,
    threshold: asked.threshold,
    language: asked.language,
    created_at: asked.now,
    last_ts: state.ts,
    last_value: state.value,
    last_on_side: Number(state.onSide),
    told_ts: state.crossed ? state.ts : null,
  };
  return { alert, unit: variable.unit };
}

/** An alert as the account page lists it, with its last state and its series' page. */
export async function describeAlert(db: Kysely<Database>, alert: AlertRow & { unit: string | null }): Promise<Alert> {
  return {
    id: alert.id,
    variable: alert.variable,
    unit: alert.unit ?? '',
    county: alert.county,
    countySlug: countySlug(alert.county),
    comparison: alert.comparison,
    threshold: alert.threshold,
    path: await seriesPath(db, alert, alert.last_ts),
    createdAt: new Date(Number(alert.created_at)).toISOString(),
    last:
      alert.last_ts === null || alert.last_value === null
        ? null
        : { month: alert.last_ts, value: alert.last_value, onSide: Boolean(alert.last_on_side) },
  };
}
