import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  LayerSummarySchema,
  PartnerSchema,
  SectorCardSchema,
  SectorDetailSchema,
  SiteSchema,
  SourceDetailSchema,
  SourceListingSchema,
} from '@portal/contract/catalog';
import { API } from '@portal/contract/paths';
import { getJson } from './client';

// The catalogue changes only when an operator reloads it, so answers stay fresh for the session.
const catalog = { staleTime: Infinity, gcTime: Infinity } as const;

export const useSite = () =>
  useQuery({ queryKey: ['site'], queryFn: ({ signal }) => getJson(API.site, SiteSchema, signal), ...catalog });

export const useSectors = () =>
  useQuery({
    queryKey: ['sectors'],
    queryFn: ({ signal }) => getJson(API.sectors, z.array(SectorCardSchema), signal),
    ...catalog,
  });

export const useSector = (sector: string) =>
  useQuery({
    queryKey: ['sector', sector],
    queryFn: ({ signal }) => getJson(API.sector(sector), SectorDetailSchema, signal),
    ...catalog,
  });

export const useSources = () =>
  useQuery({
    queryKey: ['sources'],
    queryFn: ({ signal }) => getJson(API.sources, z.array(SourceListingSchema), signal),
    ...catalog,
  });

export const useSource = (sector: string, source: string) =>
  useQuery({
    queryKey: ['source', sector, source],
    queryFn: ({ signal }) => getJson(API.source(sector, source), SourceDetailSchema, signal),
    ...catalog,
  });

export const useLayers = () =>
  useQuery({
    queryKey: ['layers'],
    queryFn: ({ signal }) => getJson(API.layers, z.array(LayerSummarySchema), signal),
    ...catalog,
  });

export const usePartners = () =>
  useQuery({
    queryKey: ['partners'],
    queryFn: ({ signal }) => getJson(API.partners, z.array(PartnerSchema), signal),
    ...catalog,
  });
