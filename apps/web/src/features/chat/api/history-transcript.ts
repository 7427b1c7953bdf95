import { CHAT_PAGE_SIZE, type ChatMessage, type ChatMessagesResult, chatContracts } from '@pharmacy/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../../lib/http';
import { deskKeys, useCurrentPharmacyId } from './desk-keys';

/** A page of a conversation's messages: the newest without `beforeSeq`, else those before it (ascending). */
export function getTranscriptPage(id: number, beforeSeq: number | undefined, signal?: AbortSignal) {
  return callApi(
    chatContracts.messages,
    { id, limit: CHAT_PAGE_SIZE, ...(beforeSeq ? { before_seq: beforeSeq } : {}) },
    { signal },
  );
}

/**
 * A conversation's transcript for reading (the history drawer): the newest page first, older pages on demand
 * (scrolling up); the messages come out ascending by seq, each once.
 */
export function useTranscript(id: number | null) {
  const pharmacyId = useCurrentPharmacyId();
  const query = useInfiniteQuery({
    queryKey: deskKeys.transcript(pharmacyId, id ?? 0),
    queryFn: ({ pageParam, signal }) => getTranscriptPage(id as number, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: ChatMessagesResult) =>
      last.has_more && last.list.length > 0 ? last.list[0].seq : undefined,
    enabled: id !== null && pharmacyId !== null,
    staleTime: 30_000,
  });
  const messages = useMemo(() => {
    const bySeq = new Map<number, ChatMessage>();
    for (const page of query.data?.pages ?? []) for (const m of page.list) bySeq.set(m.seq, m);
    return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  }, [query.data]);
  return { ...query, messages };
}
