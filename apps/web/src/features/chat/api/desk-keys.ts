import { chatKeys } from './chat-keys';

/**
 * The desk pages' query keys (聊天记录, 聊天设置): the same keys as chatKeys where the chat room reads the same data
 * (canned replies in the composer, settings, my status), so a change here refreshes the room too; the transcript of
 * the history drawer is its own (read-only, paged backwards).
 */
export const deskKeys = {
  settings: chatKeys.settings,
  cannedReplies: chatKeys.cannedReplies,
  myStatus: chatKeys.myStatus,
  colleagues: chatKeys.colleagues,
  histories: (pharmacyId: number | null) => [...chatKeys.pharmacy(pharmacyId), 'history'] as const,
  history: chatKeys.history,
  transcript: (pharmacyId: number | null, conversationId: number) =>
    [...chatKeys.pharmacy(pharmacyId), 'transcript', conversationId] as const,
};

export { useCurrentPharmacyId } from './current-pharmacy';
