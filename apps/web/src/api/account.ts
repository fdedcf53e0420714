import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, CreateApiTokenBody } from '@portal/contract/account';
import { API } from '@portal/contract/paths';
import { deleteResource, getJson, postJson } from './client';

/** Every cached answer about the signed-in user sits under this key, so logout drops them at once. */
export const ACCOUNT_KEY = 'account';

export const useAccount = () =>
  useQuery({
    queryKey: [ACCOUNT_KEY, 'profile'],
    queryFn: (call) => getJson(API.account, 'account', call),
    retry: false,
  });

export const useExportHistory = () =>
  useQuery({
    queryKey: [ACCOUNT_KEY, 'exports'],
    queryFn: (call) => getJson(API.accountExports, 'exports', call),
    retry: false,
  });

export const useApiTokens = () =>
  useQuery({
    queryKey: [ACCOUNT_KEY, 'tokens'],
    queryFn: (call) => getJson(API.apiTokens, 'apiTokens', call),
    retry: false,
  });

export const changePassword = (body: ChangePasswordBody) => postJson(API.accountPassword, body, 'changePassword');

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => postJson(API.apiTokens, body, 'createdApiToken'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_KEY, 'tokens'] }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteResource(API.apiToken(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ACCOUNT_KEY, 'tokens'] }),
  });
}
