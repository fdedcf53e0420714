import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@portal/contract/paths';
import { getJson } from './client';

// The catalogue changes only when an operator reloads it, so answers stay fresh for the session.
const catalog = { staleTime: Infinity, gcTime: Infinity } as const;

export const siteQuery = () =>
  queryOptions({ queryKey: ['site'], queryFn: (call) => getJson(API.site, 'site', call), ...catalog });
export const useSite = () => useQuery(siteQuery());

export const sectorsQuery = () =>
  queryOptions({
    queryKey: ['sectors'],
    queryFn: (call) => getJson(API.sectors, 'sectors', call),
    ...catalog,
  });
export const useSectors = () => useQuery(sectorsQuery());

export const sectorQuery = (sector: string) =>
  queryOptions({
    queryKey: ['sector', sector],
    queryFn: (call) => getJson(API.sector(sector), 'sector', call),
    ...catalog,
  });
export const useSector = (sector: string) => useQuery(sectorQuery(sector));

export const sourcesQuery = () =>
  queryOptions({
    queryKey: ['sources'],
    queryFn: (call) => getJson(API.sources, 'sources', call),
    ...catalog,
  });
export const useSources = () => useQuery(sourcesQuery());

export const sourceQuery = (sector: string, source: string) =>
  queryOptions({
    queryKey: ['source', sector, source],
    queryFn: (call) => getJson(API.source(sector, source), 'source', call),
    ...catalog,
  });
export const useSource = (sector: string, source: string) => useQuery(sourceQuery(sector, source));

export const layersQuery = () =>
  queryOptions({
    queryKey: ['layers'],
    queryFn: (call) => getJson(API.layers, 'layers', call),
    ...catalog,
  });
export const useLayers = () => useQuery(layersQuery());

export const partnersQuery = () =>
  queryOptions({
    queryKey: ['partners'],
    queryFn: (call) => getJson(API.partners, 'partners', call),
    ...catalog,
  });
export const usePartners = () => useQuery(partnersQuery());
