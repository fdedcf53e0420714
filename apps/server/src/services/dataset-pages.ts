import type { Kysely } from 'kysely';
import { datasetCursor, datasetVersion, readDatasetCursor } from '@portal/contract/datasets';
import type { Database } from '@portal/db/database';
import { datasetRowCount, datasetRowsAfter, datasetRowsMatching } from '@portal/db/queries/dataset-rows.queries';
import type { DatasetRow } from '@portal/db/tables/timeseries.table';
import { AppError } from '../plugins/errors.ts';
import { countMatches, pageOfObservations, resolveDataset, type ResolvedQuery } from './timeseries-query.ts';

/** Where a page starts: after `position` rows of the walk, the last of them at ordinal `after` when a cursor says. */
export interface PageStart {
  position: number;
  after?: number;
}

/** Where a page starts: after the rows its cursor has read, or after the pages before `page`. */
export function pageStart(row: DatasetRow, query: { page: number; pageSize: number; cursor?: string }): PageStart {
  if (query.cursor === undefined) return { position: (query.page - 1) * query.pageSize };
  // The schema let only cursors of this form through.
  const cursor = readDatasetCursor(query.cursor)!;
  if (cursor.version !== datasetVersion(row.checksum)) throw new AppError('VALIDATION_FAILED', 'datasets.staleCursor');
  return { position: cursor.position, after: cursor.ordinal };
}

/**
 * `pageSize` rows of a dataset from `start`, in page order, with their number and the cursor of
 * the rows after them; with `filtered`, the query its filters made of the dataset (null when
 * they can match nothing), of the rows that match. Read by ordinal (ADR 0033); when the ordinals
 * belong to another load (a release before them reloaded the dataset), counted and skipped as
 * before, until the next load.
 */
export async function datasetPage(
  db: Kysely<Database>,
  row: DatasetRow,
  start: PageStart,
  pageSize: number,
  filtered?: ResolvedQuery | null,
) {
  let total: number;
  let data: Awaited<ReturnType<typeof datasetRowsAfter>>;
  let lastOrdinal: number | undefined;
  if (row.ordinals_checksum === row.checksum && filtered === undefined) {
    total = await datasetRowCount(db, row.id);
    const after = start.after ?? start.position;
    data = after < total ? await datasetRowsAfter(db, row.id, after, pageSize) : [];
  } else if (row.ordinals_checksum === row.checksum) {
    total = filtered ? await countMatches(db, filtered) : 0;
    const rows =
      filtered && start.position < total
        ? await datasetRowsMatching(db, row.id, filtered.filter, {
            after: start.after ?? 0,
            limit: pageSize,
            skip: start.after === undefined ? start.position : 0,
          })
        : [];
    data = rows.map(({ ordinal: _ordinal, ...rest }) => rest);
    lastOrdinal = rows.at(-1)?.ordinal;
  } else {
    const resolved = filtered === undefined ? await resolveDataset(db, row.id) : filtered;
    total = resolved ? await countMatches(db, resolved) : 0;
    data = resolved && start.position < total ? await pageOfObservations(db, resolved, pageSize, start.position) : [];
  }
  const end = start.position + data.length;
  return {
    data,
    page: Math.floor(start.position / pageSize) + 1,
    pageSize,
    total,
    next: end < total ? datasetCursor(datasetVersion(row.checksum), end, lastOrdinal ?? end) : null,
  };
}
