import { useQuery } from '@tanstack/react-query';
import { HighlightsResponseSchema } from '@portal/contract/highlights';
import { API } from '@portal/contract/paths';
import { getJson } from './client';

/** The landing page's figures; they change only with an import, so they stay fresh for the session. */
export const useHighlights = () =>
  useQuery({
    queryKey: ['highlights'],
    queryFn: ({ signal }) => getJson(API.highlights, HighlightsResponseSchema, signal),
    staleTime: Infinity,
  });
