import { datasetVersion } from '@portal/contract/datasets';
import type { DatasetProvenance, Variable } from '@portal/contract/timeseries';
import { coverage } from '@portal/db/periods';
import type { listVariables } from '@portal/db/queries/timeseries.queries';
import type { DatasetRow } from '@portal/db/tables/timeseries.table';

type VariableRow = Awaited<ReturnType<typeof listVariables>>[number];

/** Which load of a dataset its row holds: the version a citation names and when it was loaded. */
export const loadOf = (row: Pick<DatasetRow, 'checksum' | 'loaded_at'>) => ({
  version: datasetVersion(row.checksum),
  loadedAt: new Date(Number(row.loaded_at)).toISOString(),
});

export function toProvenance(
  row: Pick<
    DatasetRow,
    | 'id'
    | 'title'
    | 'publisher'
    | 'licence'
    | 'citation'
    | 'source_url'
    | 'retrieved'
    | 'notes'
    | 'checksum'
    | 'loaded_at'
  >,
): DatasetProvenance {
  return {
    id: row.id,
    title: row.title,
    publisher: row.publisher,
    licence: row.licence,
    citation: row.citation,
    sourceUrl: row.source_url,
    retrieved: row.retrieved,
    notes: row.notes,
    ...loadOf(row),
  };
}

export function toVariable(row: VariableRow): Variable {
  return {
    name: row.name,
    unit: row.unit,
    period: row.period,
    ...coverage(row.period, row.first_ts, row.last_ts),
    definition: row.definition,
    code: row.code,
    derivation: row.derivation,
    dataset: toProvenance({ ...row, id: row.dataset_id, title: row.dataset_title }),
  };
}
