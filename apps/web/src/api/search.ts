import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@portal/contract/paths';
import { SearchResponseSchema } from '@portal/contract/search';
import { getJson } from './client';

/** Fewer letters than this find too much to be useful, so the box waits for more. */
export const SEARCH_MIN_LENGTH = 2;

/** Results for `q`; while the next answer loads, the last one stays shown. */
export const useSearch = (q: string, limit: number) => {
  const query = q.trim();
  return useQuery({
    queryKey: ['search', query, limit],
    queryFn: ({ signal }) =>
      getJson(`${API.search}?${new URLSearchParams({ q: query, limit: String(limit) })}`, SearchResponseSchema, signal),
    enabled: query.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
};
