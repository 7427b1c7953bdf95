import type { ChatConversationListQuery, ChatHistoryQuery } from '@pharmacy/shared';

/**
 * The chat room's query keys, defined once (docs/chat.md "Web"). Each names the pharmacy: the pharmacyid header
 * changes the answer, so a switch never shows the previous pharmacy's conversations.
 */
export const chatKeys = {
  all: ['chat'] as const,
  pharmacy: (pharmacyId: number | null) => [...chatKeys.all, pharmacyId] as const,
  lists: (pharmacyId: number | null) => [...chatKeys.pharmacy(pharmacyId), 'list'] as const,
  list: (pharmacyId: number | null, query: ChatConversationListQuery) =>
    [...chatKeys.lists(pharmacyId), query] as const,
  detail: (pharmacyId: number | null, id: number) => [...chatKeys.pharmacy(pharmacyId), 'detail', id] as const,
  unread: (pharmacyId: number | null) => [...chatKeys.pharmacy(pharmacyId), 'unread'] as const,
  patientInfo: (pharmacyId: number | null, conversationId: number) =>
    [...chatKeys.pharmacy(pharmacyId), 'patient-info', conversationId] as const,
  colleagues: (pharmacyId: number | null) => [...chatKeys.pharmacy(pharmacyId), 'colleagues'] as const,
  products: (pharmacyId: number | null, keyword: string) =>
    [...chatKeys.pharmacy(pharmacyId), 'products', keyword] as const,
  cannedReplies: (pharmacyId: number | null) => [...chatKeys.pharmacy(pharmacyId), 'canned-replies'] as const,
  settings: (pharmacyId: number | null) => [...chatKeys.pharmacy(pharmacyId), 'settings'] as const,
  myStatus: (pharmacyId: number | null) => [...chatKeys.pharmacy(pharmacyId), 'my-status'] as const,
  history: (pharmacyId: number | null, query: ChatHistoryQuery) =>
    [...chatKeys.pharmacy(pharmacyId), 'history', query] as const,
};

/** The pharmacy the console works in (part of every chat key). */
export { useCurrentPharmacyId } from './current-pharmacy';
