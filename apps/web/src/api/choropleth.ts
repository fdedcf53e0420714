import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassMethod } from '@portal/contract/choropleth';
import { API } from '@portal/contract/paths';
import { getJson } from './client';

// The values change only when the data is imported again, which a visit rarely outlasts.
const figures = { staleTime: 5 * 60_000 } as const;

/** What a county map shows: a variable of a source, a period (the latest when absent) and how its values are classed. */
export interface ChoroplethRequest {
  source: string;
  variable: string;
  period?: string;
  method: ClassMethod;
}

const choroplethKey = (request: ChoroplethRequest) => [
  'choropleth',
  request.source,
  request.variable,
  request.period ?? 'latest',
  request.method,
];

export const choroplethQuery = (request: ChoroplethRequest) =>
  queryOptions({
    queryKey: choroplethKey(request),
    queryFn: async (call) => {
      const query = new URLSearchParams({ source: request.source, variable: request.variable, method: request.method });
      if (request.period) query.set('period', request.period);
      const answer = await getJson(`${API.choropleth}?${query.toString()}`, 'choropleth', call);
      // The latest period is the same answer as that period named, so moving the slider back to it costs no request.
      if (!request.period) call.client.setQueryData(choroplethKey({ ...request, period: answer.period }), answer);
      return answer;
    },
    ...figures,
  });

/** The variables a county map can show, each with a source offering it. */
export const mappableVariablesQuery = () =>
  queryOptions({
    queryKey: ['choropleth-variables'],
    queryFn: (call) => getJson(API.choroplethVariables, 'mappableVariables', call),
    ...figures,
  });
export const useMappableVariables = () => useQuery(mappableVariablesQuery());

/** One variable at the 47 counties in one period; the previous map stays drawn while the next period loads. */
export const useChoropleth = (request: ChoroplethRequest | null) =>
  useQuery({
    ...choroplethQuery(request ?? { source: '', variable: '', method: 'quantile' }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });

/** Loads the maps of some periods ahead of need, so moving the slider or playing shows them at once. */
export function usePrefetchPeriods(
  { source, variable, method }: Omit<ChoroplethRequest, 'period'>,
  periods: string[],
): void {
  const client = useQueryClient();
  const wanted = periods.join(',');
  useEffect(() => {
    for (const period of wanted.split(',').filter(Boolean))
      void client.prefetchQuery(choroplethQuery({ source, variable, method, period }));
  }, [client, source, variable, method, wanted]);
}
