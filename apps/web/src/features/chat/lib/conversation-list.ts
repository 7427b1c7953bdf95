import type { ChatConversation, ChatConversationListQuery, PageResult } from '@pharmacy/shared';

/**
 * The chat list kept live from socket frames (docs/chat.md "Web"): a changed conversation is put in place in every
 * loaded list page whose filter it meets, removed from those it no longer meets (taken by a colleague, closed), and
 * the page is sorted as the server sorts it (open: last message first; closed: last closed first).
 */

/** Whether the conversation belongs in the list; 'unknown' when a keyword decides (the server matched it). */
export function conversationMatches(
  c: ChatConversation,
  query: Pick<ChatConversationListQuery, 'scope' | 'status' | 'keyword'>,
  meId: number | null,
): boolean | 'unknown' {
  if (c.status !== query.status) return false;
  if (query.scope === 'mine' && c.assignee_id !== meId) return false;
  if (query.scope === 'unassigned' && c.assignee_id !== null) return false;
  return query.keyword ? 'unknown' : true;
}

const activityOf = (c: ChatConversation) => c.last_message_at ?? c.created_at;

/** The server's order: open ones by last activity, closed ones by closing time, newest first; then id. */
export function compareConversations(a: ChatConversation, b: ChatConversation): number {
  const ka = a.status === 'closed' ? (a.closed_at ?? '') : activityOf(a);
  const kb = b.status === 'closed' ? (b.closed_at ?? '') : activityOf(b);
  const ta = Date.parse(ka) || 0;
  const tb = Date.parse(kb) || 0;
  if (ta !== tb) return tb - ta;
  return b.id - a.id;
}

/** Whether `next` is not older than `current` (frames may arrive out of order; a stale copy is ignored). */
export function isNewer(next: ChatConversation, current: ChatConversation): boolean {
  if (next.last_seq !== current.last_seq) return next.last_seq > current.last_seq;
  return Date.parse(next.updated_at) >= Date.parse(current.updated_at);
}

export function applyConversation(
  page: PageResult<ChatConversation>,
  c: ChatConversation,
  query: ChatConversationListQuery,
  meId: number | null,
): PageResult<ChatConversation> {
  const index = page.list.findIndex((x) => x.id === c.id);
  const current = index >= 0 ? page.list[index] : null;
  if (current && !isNewer(c, current)) return page;
  const matches = conversationMatches(c, query, meId);
  if (matches === false) {
    if (!current) return page;
    return { ...page, list: page.list.filter((x) => x.id !== c.id), total: Math.max(0, page.total - 1) };
  }
  if (!current) {
    // new to this list: only the first page shows newcomers, and only when the filter surely holds
    if (matches !== true || page.page !== 1) return page;
    const list = [...page.list, c].sort(compareConversations);
    return { ...page, list: list.slice(0, Math.max(page.page_size, page.list.length)), total: page.total + 1 };
  }
  const list = page.list.map((x) => (x.id === c.id ? c : x)).sort(compareConversations);
  return { ...page, list };
}
