import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@portal/contract/paths';
import { getJson } from './client';

/** The landing page's figures; they change only with an import, so they stay fresh for the session. */
export const highlightsQuery = () =>
  queryOptions({
    queryKey: ['highlights'],
    queryFn: (call) => getJson(API.highlights, 'highlights', call),
    staleTime: Infinity,
  });
export const useHighlights = () => useQuery(highlightsQuery());
