import type { DatasetDetail, DatasetSummary, DatasetVersion } from '@portal/contract/datasets';
import { licenceToVerify } from '@portal/contract/licences';
import { sourcePath } from '@portal/contract/paths';
import { coverage } from '@portal/db/periods';
import type {
  datasetLocations,
  datasetSources,
  datasetValueCounts,
  datasetVariables,
} from '@portal/db/queries/datasets.queries';
import type { DatasetRow, DatasetVersionRow } from '@portal/db/tables/timeseries.table';
import type { Titles } from '../../services/catalog-titles.ts';
import { loadOf, toProvenance } from '../timeseries/to-dto.ts';

type VariableRow = Awaited<ReturnType<typeof datasetVariables>>[number];
type LocationRow = Awaited<ReturnType<typeof datasetLocations>>[number];
type SourceRow = Awaited<ReturnType<typeof datasetSources>>[number];
type ValueCount = Awaited<ReturnType<typeof datasetValueCounts>>[number];

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** The first and last day some variables cover together (a year to 31 December, as the variables call has it). */
function spanOf(variables: VariableRow[]): { first: string | null; last: string | null } {
  let first: string | null = null;
  let last: string | null = null;
  for (const v of variables) {
    const covered = coverage(v.period, v.first_ts, v.last_ts);
    if (covered.first !== null && (first === null || covered.first < first)) first = covered.first;
    if (covered.last !== null && (last === null || covered.last > last)) last = covered.last;
  }
  return { first, last };
}

export function toSummary(row: DatasetRow, variables: VariableRow[]): DatasetSummary {
  return {
    id: row.id,
    title: row.title,
    publisher: row.publisher,
    licence: row.licence,
    retrieved: row.retrieved,
    licenceToVerify: licenceToVerify(row.licence),
    ...loadOf(row),
    ...spanOf(variables),
    // The importer writes every value it read, so the count of a load is the count stored.
    valueCount: row.rows_loaded,
    variableCount: variables.length,
  };
}

export function toVersion(row: DatasetVersionRow): DatasetVersion {
  const known = row.added !== null && row.removed !== null && row.changed !== null;
  return {
    number: row.number,
    version: row.version,
    checksum: row.checksum,
    loadedAt: iso(row.loaded_at),
    valueCount: row.value_count,
    changes: known
      ? {
          added: row.added!,
          removed: row.removed!,
          changed: row.changed!,
          first: row.first_changed,
          last: row.last_changed,
        }
      : null,
  };
}

/** Adds up counts by a key, in the order the keys first appear. */
function totals<K>(items: { key: K; count: number }[]): Map<K, number> {
  const sums = new Map<K, number>();
  for (const { key, count } of items) sums.set(key, (sums.get(key) ?? 0) + count);
  return sums;
}

export interface DatasetParts {
  row: DatasetRow;
  variables: VariableRow[];
  locations: LocationRow[];
  counts: ValueCount[];
  sources: SourceRow[];
  versions: DatasetVersionRow[];
}

export function toDetail(
  { row, variables, locations, counts, sources, versions }: DatasetParts,
  titles: Titles,
): DatasetDetail {
  const perVariable = totals(counts.map((c) => ({ key: c.variable_id, count: c.count })));
  const perYear = totals(counts.map((c) => ({ key: c.year, count: c.count })));
  const kinds = totals(locations.map((l) => ({ key: l.kind, count: 1 })));
  return {
    ...toProvenance(row),
    licenceToVerify: licenceToVerify(row.licence),
    checksum: row.checksum,
    coverage: {
      variables: variables.map((v) => ({
        name: v.name,
        unit: v.unit,
        period: v.period,
        ...coverage(v.period, v.first_ts, v.last_ts),
        valueCount: perVariable.get(v.id) ?? 0,
        definition: v.definition,
      })),
      places: {
        count: locations.length,
        kinds: [...kinds].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count),
      },
      ...spanOf(variables),
      valueCount: counts.reduce((sum, c) => sum + c.count, 0),
      valuesPerYear: [...perYear].map(([year, count]) => ({ year, count })).sort((a, b) => a.year - b.year),
    },
    sources: sources.map((s) => ({
      sector: s.sector_slug,
      sectorTitle: titles.sector(s.sector_slug, s.sector_title),
      source: s.slug,
      sourceTitle: titles.source(s.sector_slug, s.slug, s.title),
      page: `${sourcePath(s.sector_slug, s.slug)}/timeseries`,
    })),
    versions: versions.map(toVersion),
  };
}
