import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@portal/contract/paths';
import { getJson } from './client';

// Datasets change only when the data is imported again, which a visit rarely outlasts.
const datasets = { staleTime: 5 * 60_000 } as const;

/** Every loaded dataset, by id. */
export const datasetsQuery = () =>
  queryOptions({
    queryKey: ['datasets'],
    queryFn: (call) => getJson(API.datasets, 'datasets', call),
    ...datasets,
  });
export const useDatasets = () => useQuery(datasetsQuery());

/** One dataset with its provenance, coverage, sources and versions. */
export const datasetQuery = (id: string) =>
  queryOptions({
    queryKey: ['dataset', id],
    queryFn: (call) => getJson(API.dataset(id), 'dataset', call),
    ...datasets,
  });
export const useDataset = (id: string) => useQuery(datasetQuery(id));
