import { liveViewerContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** The live's visible comments: the latest page, or those after `afterId` (polling); and whether I am muted. */
export function getLiveComments(id: number, afterId: number | null, signal?: AbortSignal) {
  return callApi(liveViewerContracts.comments, { id, ...(afterId ? { after_id: String(afterId) } : {}) }, { signal });
}

export function postLiveComment(id: number, content: string) {
  return callApi(liveViewerContracts.comment, { id, content });
}
