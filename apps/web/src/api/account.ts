import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  AccountSchema,
  ApiTokenSchema,
  type ChangePasswordBody,
  ChangePasswordResponseSchema,
  type CreateApiTokenBody,
  CreatedApiTokenSchema,
  ExportEntrySchema,
} from '@portal/contract/account';
import { API } from '@portal/contract/paths';
import { deleteResource, getJson, postJson } from './client';

/** Every cached answer about the signed-in user sits under this key, so logout drops them at once. */
export const ACCOUNT_KEY = 'account';

export const useAccount = () =>
  useQuery({
    queryKey: [ACCOUNT_KEY, 'profile'],
    queryFn: ({ signal }) => getJson(API.account, AccountSchema, signal),
    retry: false,
  });

export const useExportHistory = () =>
  useQuery({
    queryKey: [ACCOUNT_KEY, 'exports'],
    queryFn: ({ signal }) => getJson(API.accountExports, z.array(ExportEntrySchema), signal),
    retry: false,
  });

export const useApiTokens = () =>
  useQuery({
    queryKey: [ACCOUNT_KEY, 'tokens'],
    queryFn: ({ signal }) => getJson(API.apiTokens, z.array(ApiTokenSchema), signal),
    retry: false,
  });

export const changePassword = (body: ChangePasswordBody) =>
  postJson(API.accountPassword, body, ChangePasswordResponseSchema);

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => postJson(API.apiTokens, body, CreatedApiTokenSchema),
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
