import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { API } from '@portal/contract/paths';
import { getJson } from './client';

// County figures change only when the data is imported again, which a visit rarely outlasts.
const counties = { staleTime: 5 * 60_000 } as const;

/** The 47 counties with their latest value of every headline. */
export const countyListQuery = () =>
  queryOptions({
    queryKey: ['counties'],
    queryFn: (call) => getJson(API.counties, 'counties', call),
    ...counties,
  });
export const useCountyList = () => useQuery(countyListQuery());

/** One county's headline figures. */
export const countyProfileQuery = (slug: string) =>
  queryOptions({
    queryKey: ['county', slug],
    queryFn: (call) => getJson(API.county(slug), 'county', call),
    ...counties,
  });
export const useCountyProfile = (slug: string) => useQuery(countyProfileQuery(slug));

/** Several counties' profiles, side by side. */
export const useCountyProfiles = (slugs: string[]) => useQueries({ queries: slugs.map(countyProfileQuery) });

/** The 47 county outlines as SVG paths; they change only with a new release of the boundaries. */
export const countyMapShapesQuery = () =>
  queryOptions({
    queryKey: ['county-map-shapes'],
    queryFn: (call) => getJson(API.countyMapShapes, 'countyMapShapes', call),
    staleTime: Infinity,
  });
export const useCountyMapShapes = () => useQuery(countyMapShapesQuery());
