import type { MessageListQuery } from '@pharmacy/shared';

/** The messages module's query keys, defined once: invalidating `all` refreshes the list and the unread badge. */
export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (query: MessageListQuery) => [...messageKeys.lists(), query] as const,
  unreadCount: () => [...messageKeys.all, 'unread-count'] as const,
};
