import type { Kysely } from 'kysely';
import { countySlug } from '@portal/contract/counties';
import type { Database } from '@portal/db/database';
import { addChangesToMails, datasetReach, followsOf } from '@portal/db/queries/outbox.queries';
import type { ValueChanges } from './dataset-changes.ts';

/**
 * Writes, in the transaction that loads a dataset, a line in the change mail of this import run
 * (`batch`) for everyone who follows the dataset, a source listing it or a county it has values
 * for (ADR 0042). A reload that changed no value tells nobody.
 */
export async function recordChangeMails(
  db: Kysely<Database>,
  load: { batch: string; datasetId: string; versionNumber: number; changes: ValueChanges | null; now: number },
): Promise<void> {
  const { changes } = load;
  if (changes && changes.added + changes.removed + changes.changed === 0) return;
  const reach = await datasetReach(db, load.datasetId);
  const follows = await followsOf(db, [
    { kind: 'dataset', targets: [load.datasetId] },
    { kind: 'source', targets: reach.sourceIds },
    { kind: 'county', targets: reach.counties.map(countySlug) },
  ]);
  await addChangesToMails(db, { ...load, follows });
}
