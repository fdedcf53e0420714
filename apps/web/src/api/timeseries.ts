import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { API } from '@portal/contract/paths';
import type { TimeseriesQuery } from '@portal/contract/timeseries';
import { getJson, postJson } from './client';

// The timeseries panel cannot work without its lists: failing to get one is the page's error, with
// the request id to quote, rather than an empty list that says the source has no data.
const lists = { staleTime: 5 * 60_000, throwOnError: true } as const;

export const variablesQuery = (sector: string, source: string) =>
  queryOptions({
    queryKey: ['variables', sector, source],
    queryFn: (call) => getJson(API.variables(sector, source), 'variables', call),
    ...lists,
  });
export const useVariables = (sector: string, source: string) => useQuery(variablesQuery(sector, source));

export const locationsQuery = (sector: string, source: string) =>
  queryOptions({
    queryKey: ['locations', sector, source],
    queryFn: (call) => getJson(API.locations(sector, source), 'locations', call),
    ...lists,
  });
export const useLocations = (sector: string, source: string) => useQuery(locationsQuery(sector, source));

export const usePreview = () =>
  useMutation({ mutationFn: (query: TimeseriesQuery) => postJson(API.preview, query, 'preview') });

export const fetchExport = (query: TimeseriesQuery) => postJson(API.timeseriesExport, query, 'export');
