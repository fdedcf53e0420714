import type { Kysely } from 'kysely';
import { alertState } from '@portal/contract/alerts';
import type { Database } from '@portal/db/database';
import { alertsOnDataset, latestTwoValues, saveAlertState } from '@portal/db/queries/alerts.queries';
import { addCrossingToMail } from '@portal/db/queries/outbox.queries';

/**
 * In the transaction that loads a dataset, looks at each alert on its figures (ADR 0044): records
 * its latest month, value and side, and adds a crossing this alert has not told yet to its user's
 * alert mail of this import run. A crossing is told once, however many imports see it.
 */
export async function recordAlertMails(
  db: Kysely<Database>,
  load: { batch: string; datasetId: string; now: number },
): Promise<void> {
  for (const alert of await alertsOnDataset(db, load.datasetId)) {
    const state = alertState(alert, await latestTwoValues(db, alert.variable, alert.county));
    const tell = state?.crossed && alert.told_ts !== state.ts;
    if (tell)
      await addCrossingToMail(db, { batch: load.batch, alert, ts: state.ts, value: state.value, now: load.now });
    await saveAlertState(db, alert.id, {
      last_ts: state?.ts ?? null,
      last_value: state?.value ?? null,
      last_on_side: state ? Number(state.onSide) : null,
      told_ts: tell ? state.ts : alert.told_ts,
    });
  }
}
