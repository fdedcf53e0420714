import type { DatasetProvenance, Variable } from '@portal/contract/timeseries';
import { coverage } from '@portal/db/periods';
import type { listVariables } from '@portal/db/queries/timeseries.queries';
import type { DatasetRow } from '@portal/db/tables/timeseries.table';

type VariableRow = Awaited<ReturnType<typeof listVariables>>[number];

export function toProvenance(
  row: Pick<DatasetRow, 'id' | 'title' | 'publisher' | 'licence' | 'citation' | 'source_url' | 'retrieved' | 'notes'>,
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
