import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewAlert } from '@portal/contract/alerts';
import { API } from '@portal/contract/paths';
import { ACCOUNT_KEY } from './account';
import { deleteResource, getJson, postJson } from './client';

const ALERTS_KEY = [ACCOUNT_KEY, 'alerts'];

/** The signed-in user's alerts with their last state; asked for by the browser only, like every private answer. */
export const useAlerts = () =>
  useQuery({ queryKey: ALERTS_KEY, queryFn: (call) => getJson(API.alerts, 'alerts', call), retry: false });

/** The monthly county figures an alert can watch, for the form. */
export const useAlertSeries = () =>
  useQuery({
    queryKey: [ACCOUNT_KEY, 'alert-series'],
    queryFn: (call) => getJson(API.alertSeries, 'alertSeries', call),
    retry: false,
  });

/** Sets an alert, then reads the list again. */
export function useAddAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alert: NewAlert) => postJson(API.alerts, alert, 'alert'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

/** Ends an alert, then reads the list again. */
export function useEndAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteResource(API.alert(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}
