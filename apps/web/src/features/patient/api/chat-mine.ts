import { type ChatConversation, chatPatientContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { chatKeys } from './chat-keys';

/** My conversations with pharmacies (every one I opened, open and closed). */
export function getMyConversations(signal?: AbortSignal) {
  return callApi(chatPatientContracts.mine, {}, { signal });
}

const lastActivity = (c: ChatConversation) => c.last_message_at ?? c.created_at;

/** Newest activity first (a new message moves its conversation to the top). */
export const sortConversations = (list: readonly ChatConversation[]) =>
  [...list].sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)) || b.id - a.id);

/**
 * The list with `conversation` put in (replacing the same id). A frame can arrive after a newer state of the same
 * conversation (a read answered before a message frame): the one with the later `updated_at` wins, and on a tie the
 * one with the higher `last_seq`.
 */
export function upsertConversation(
  list: readonly ChatConversation[] | undefined,
  conversation: ChatConversation,
): ChatConversation[] {
  const current = list ?? [];
  const old = current.find((c) => c.id === conversation.id);
  if (
    old &&
    (old.updated_at > conversation.updated_at ||
      (old.updated_at === conversation.updated_at && old.last_seq > conversation.last_seq))
  )
    return [...current];
  return sortConversations([...current.filter((c) => c.id !== conversation.id), conversation]);
}

export const myConversationsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.mine(),
    queryFn: async ({ signal }) => sortConversations(await getMyConversations(signal)),
  });

export function useMyConversations(enabled = true) {
  return useQuery({ ...myConversationsQueryOptions(), enabled });
}

/** Unread staff messages over all my conversations: the 咨询 tab's badge (the same counters as the list). */
export const unreadTotal = (list: readonly ChatConversation[] | undefined) =>
  (list ?? []).reduce((sum, c) => sum + c.patient_unread, 0);
