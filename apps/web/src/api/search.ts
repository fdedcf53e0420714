import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@portal/contract/paths';
import { getJson } from './client';

/** Fewer letters than this find too much to be useful, so the box waits for more. */
export const SEARCH_MIN_LENGTH = 2;

/** Results for `q`. */
export const searchQuery = (q: string, limit: number) => {
  const query = q.trim();
  return queryOptions({
    queryKey: ['search', query, limit],
    queryFn: (call) =>
      getJson(`${API.search}?${new URLSearchParams({ q: query, limit: String(limit) })}`, 'search', call),
    enabled: query.length >= SEARCH_MIN_LENGTH,
    staleTime: 5 * 60_000,
  });
};

/** Results for `q`; while the next answer loads, the last one stays shown. */
export const useSearch = (q: string, limit: number) =>
  useQuery({ ...searchQuery(q, limit), placeholderData: keepPreviousData });
