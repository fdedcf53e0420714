import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { DatasetDetailSchema, DatasetSummarySchema } from '@portal/contract/datasets';
import { API } from '@portal/contract/paths';
import { getJson } from './client';

// Datasets change only when the data is imported again, which a visit rarely outlasts.
const datasets = { staleTime: 5 * 60_000 } as const;

/** Every loaded dataset, by id. */
export const useDatasets = () =>
  useQuery({
    queryKey: ['datasets'],
    queryFn: ({ signal }) => getJson(API.datasets, z.array(DatasetSummarySchema), signal),
    ...datasets,
  });

/** One dataset with its provenance, coverage, sources and versions. */
export const useDataset = (id: string) =>
  useQuery({
    queryKey: ['dataset', id],
    queryFn: ({ signal }) => getJson(API.dataset(id), DatasetDetailSchema, signal),
    ...datasets,
  });
