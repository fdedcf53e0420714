import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowTarget } from '@portal/contract/follows';
import { API } from '@portal/contract/paths';
import { ACCOUNT_KEY } from './account';
import { deleteResource, getJson, postJson } from './client';

const FOLLOWS_KEY = [ACCOUNT_KEY, 'follows'];

/** What the signed-in user follows; asked for by the browser only, like every private answer. */
export const useFollows = (enabled = true) =>
  useQuery({
    queryKey: FOLLOWS_KEY,
    queryFn: (call) => getJson(API.follows, 'follows', call),
    retry: false,
    enabled,
  });

/** Follows (`following` true) or stops following something, then reads the list again. */
export function useSetFollowing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ following, ...target }: FollowTarget & { following: boolean }): Promise<void> => {
      if (following) await postJson(API.follows, target, 'follow');
      else await deleteResource(`${API.follows}?${new URLSearchParams(target).toString()}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FOLLOWS_KEY }),
  });
}

/** Uses a mail's one-click unsubscribe link: ends what it names, and says so. */
export const unsubscribe = (token: string) => postJson(API.unsubscribe(token), {}, 'unsubscribe');
