import { useQueries, useQuery } from '@tanstack/react-query';
import { CountyListSchema, CountyOutlinesSchema, CountyProfileSchema } from '@portal/contract/counties';
import { API } from '@portal/contract/paths';
import { getJson } from './client';

// County figures change only when the data is imported again, which a visit rarely outlasts.
const counties = { staleTime: 5 * 60_000 } as const;

/** The 47 counties with their latest value of every headline. */
export const useCountyList = () =>
  useQuery({
    queryKey: ['counties'],
    queryFn: ({ signal }) => getJson(API.counties, CountyListSchema, signal),
    ...counties,
  });

const profileQuery = (slug: string) => ({
  queryKey: ['county', slug],
  queryFn: ({ signal }: { signal: AbortSignal }) => getJson(API.county(slug), CountyProfileSchema, signal),
  ...counties,
});

/** One county's headline figures. */
export const useCountyProfile = (slug: string) => useQuery(profileQuery(slug));

/** Several counties' profiles, side by side. */
export const useCountyProfiles = (slugs: string[]) => useQueries({ queries: slugs.map(profileQuery) });

/** The 47 county outlines, simplified; they change only with a new release of the boundaries. */
export const useCountyOutlines = () =>
  useQuery({
    queryKey: ['county-outlines'],
    queryFn: ({ signal }) => getJson(API.countyOutlines, CountyOutlinesSchema, signal),
    staleTime: Infinity,
  });
