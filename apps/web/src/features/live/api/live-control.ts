import { type LiveComment, liveContracts } from '@pharmacy/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { liveKeys } from './live-keys';
import { useLivePharmacyId } from './live-list';

/** How often the control room reads today's lives (viewers now, status). */
export const CONTROL_REFRESH_MS = 5000;
/** How often a live's comments are polled. */
export const COMMENTS_POLL_MS = 3000;

/** 直播后台: today's lives with viewers now and comment counts, read again every 5 s. */
export function useTodayLives() {
  const pharmacyId = useLivePharmacyId();
  return useQuery({
    queryKey: liveKeys.today(pharmacyId),
    queryFn: ({ signal }) => callApi(liveContracts.today, undefined, { signal }),
    refetchInterval: CONTROL_REFRESH_MS,
  });
}

const byId = (a: LiveComment, b: LiveComment) => a.id - b.id;

/** Merges fresh comments into the known ones (a fresh copy replaces a known one), in id order. */
export function mergeComments(known: readonly LiveComment[], fresh: readonly LiveComment[]): LiveComment[] {
  const map = new Map(known.map((c) => [c.id, c]));
  for (const c of fresh) map.set(c.id, c);
  return [...map.values()].sort(byId);
}

/**
 * A live's comments (hidden ones too), polled every 3 s: the first read takes the latest page, the next ones only
 * what came after the newest known id, merged in. Moderation answers update the cache in place.
 */
export function useLiveComments(liveId: number) {
  const pharmacyId = useLivePharmacyId();
  const queryClient = useQueryClient();
  const key = liveKeys.comments(pharmacyId, liveId);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const known = queryClient.getQueryData<LiveComment[]>(key) ?? [];
      const last = known.length ? known[known.length - 1].id : undefined;
      const fresh = await callApi(
        liveContracts.comments,
        { id: liveId, after_id: last === undefined ? undefined : String(last) },
        { signal },
      );
      return mergeComments(queryClient.getQueryData<LiveComment[]>(key) ?? known, fresh);
    },
    refetchInterval: COMMENTS_POLL_MS,
    enabled: liveId > 0,
  });
}

function patchComments(
  queryClient: QueryClient,
  key: readonly unknown[],
  patch: (list: LiveComment[]) => LiveComment[],
) {
  queryClient.setQueryData<LiveComment[]>(key, (list) => (list ? patch(list) : list));
}

/** Moderation of one live's comments: hide / show, mute / unmute an author, post as 主持人. */
export function useCommentModeration(liveId: number) {
  const pharmacyId = useLivePharmacyId();
  const queryClient = useQueryClient();
  const key = liveKeys.comments(pharmacyId, liveId);
  const replace = (c: LiveComment) => patchComments(queryClient, key, (list) => mergeComments(list, [c]));
  const setMuted = (accountId: number, muted: boolean) =>
    patchComments(queryClient, key, (list) => list.map((c) => (c.account_id === accountId ? { ...c, muted } : c)));

  const hide = useMutation({
    mutationFn: (commentId: number) => callApi(liveContracts.hideComment, { id: commentId }),
    onSuccess: replace,
  });
  const show = useMutation({
    mutationFn: (commentId: number) => callApi(liveContracts.showComment, { id: commentId }),
    onSuccess: replace,
  });
  const mute = useMutation({
    mutationFn: (accountId: number) => callApi(liveContracts.mute, { id: liveId, account_id: accountId }),
    onSuccess: (_, accountId) => setMuted(accountId, true),
  });
  const unmute = useMutation({
    mutationFn: (accountId: number) =>
      callApi(liveContracts.unmute, { id: String(liveId), account_id: String(accountId) }),
    onSuccess: (_, accountId) => setMuted(accountId, false),
  });
  const post = useMutation({
    mutationFn: (content: string) => callApi(liveContracts.postComment, { id: liveId, content }),
    onSuccess: replace,
  });
  return { hide, show, mute, unmute, post };
}
