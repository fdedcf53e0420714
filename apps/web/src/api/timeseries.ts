import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { API } from '@portal/contract/paths';
import {
  ExportResponseSchema,
  LocationSchema,
  PreviewResponseSchema,
  type TimeseriesQuery,
  VariableSchema,
} from '@portal/contract/timeseries';
import { getJson, postJson } from './client';

// The timeseries panel cannot work without its lists: failing to get one is the page's error, with
// the request id to quote, rather than an empty list that says the source has no data.
const lists = { staleTime: 5 * 60_000, throwOnError: true } as const;

export const useVariables = (sector: string, source: string) =>
  useQuery({
    queryKey: ['variables', sector, source],
    queryFn: ({ signal }) => getJson(API.variables(sector, source), z.array(VariableSchema), signal),
    ...lists,
  });

export const useLocations = (sector: string, source: string) =>
  useQuery({
    queryKey: ['locations', sector, source],
    queryFn: ({ signal }) => getJson(API.locations(sector, source), z.array(LocationSchema), signal),
    ...lists,
  });

export const usePreview = () =>
  useMutation({ mutationFn: (query: TimeseriesQuery) => postJson(API.preview, query, PreviewResponseSchema) });

export const fetchExport = (query: TimeseriesQuery) => postJson(API.timeseriesExport, query, ExportResponseSchema);
