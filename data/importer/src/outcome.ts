import type { Reject } from './extract.ts';

/** What an import did: per dataset and for the run. Kept apart from the import so the report reads it without a cycle. */
export type DatasetStatus = 'loaded' | 'unchanged' | 'failed' | 'removed';

export interface DatasetOutcome {
  id: string;
  file: string;
  status: DatasetStatus;
  rowsRead: number;
  rowsUsed: number;
  blanks: number;
  /** Observation rows written. */
  observations: number;
  rejects: Reject[];
  /** Rows placed by a location fallback (coordinates, a name in another column). */
  placedByFallback: number;
  /** The first and last period loaded, as shown (2019, 2019-03); null when nothing was. */
  first: string | null;
  last: string | null;
  error?: string;
  ms: number;
}

export interface ImportSummary {
  outcomes: DatasetOutcome[];
  ms: number;
  /** Set when --strict stopped the run: the dataset that had rejected rows. */
  stoppedAt?: string;
}
