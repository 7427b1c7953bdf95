/** The canned replies' list is the chat room's own query (the composer's `/` reads the same cache entry). */
export { getCannedReplies, useCannedReplies } from './get-canned-replies';
