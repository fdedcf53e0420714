import type { DatasetSummary } from '@portal/contract/datasets';

/** How the dataset list can be ordered: by title, longest time span first, or latest data first. */
export const SORTS = ['title', 'span', 'last'] as const;
export type DatasetSort = (typeof SORTS)[number];

/** The list's state as the address carries it (`?q=&sort=`), so a filtered list can be shared. */
export interface ListState {
  q: string;
  sort: DatasetSort;
}

export function readListState(params: URLSearchParams): ListState {
  const sort = params.get('sort');
  return { q: params.get('q') ?? '', sort: SORTS.includes(sort as DatasetSort) ? (sort as DatasetSort) : 'title' };
}

/** The query string for a state, leaving out what is the default so plain /datasets stays plain. */
export function listStateParams({ q, sort }: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (sort !== 'title') params.set('sort', sort);
  return params;
}

const words = (text: string) => text.toLocaleLowerCase().split(/\s+/).filter(Boolean);

/** Days from a dataset's first to its last date; 0 without values. */
export const spanDays = (dataset: Pick<DatasetSummary, 'first' | 'last'>) =>
  dataset.first && dataset.last ? (Date.parse(dataset.last) - Date.parse(dataset.first)) / 86_400_000 : 0;

const byTitle = (a: DatasetSummary, b: DatasetSummary) => a.title.localeCompare(b.title);

const COMPARE: Record<DatasetSort, (a: DatasetSummary, b: DatasetSummary) => number> = {
  title: byTitle,
  span: (a, b) => spanDays(b) - spanDays(a) || byTitle(a, b),
  // ISO dates compare as text; a dataset without values goes last.
  last: (a, b) => (b.last ?? '').localeCompare(a.last ?? '') || byTitle(a, b),
};

/** The datasets whose title or publisher holds every word typed, in the order chosen. */
export function shownDatasets(datasets: DatasetSummary[], { q, sort }: ListState): DatasetSummary[] {
  const wanted = words(q);
  const matches = (dataset: DatasetSummary) => {
    const text = `${dataset.title} ${dataset.publisher}`.toLocaleLowerCase();
    return wanted.every((word) => text.includes(word));
  };
  return datasets.filter(matches).sort(COMPARE[sort]);
}
