import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API } from '@portal/contract/paths';
import { ExportResponseSchema, LocationSchema, PreviewResponseSchema, type TimeseriesQuery, VariableSchema } from '@portal/contract/timeseries';
import { getJson, postJson } from './client';

export const useVariables = (sector: string, source: string) =>
  useQuery({
    queryKey: ['variables', sector, source],
    queryFn: ({ signal }) => getJson(API.variables(sector, source), z.array(VariableSchema), signal),
    staleTime: 5 * 60_000,
  });

export const useLocations = (sector: string, source: string) =>
  useQuery({
    queryKey: ['locations', sector, source],
    queryFn: ({ signal }) => getJson(API.locations(sector, source), z.array(LocationSchema), signal),
    staleTime: 5 * 60_000,
  });

export const fetchPreview = (query: TimeseriesQuery) => postJson(API.preview, query, PreviewResponseSchema);
export const fetchExport = (query: TimeseriesQuery) => postJson(API.timeseriesExport, query, ExportResponseSchema);
