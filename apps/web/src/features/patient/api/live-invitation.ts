import { liveViewerContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { liveKeys } from './live-keys';

/**
 * A camp period as an invitation link shows it (column, lives, inviter, whether I am enrolled). With `staff` the
 * server records that this member invited me (once).
 */
export function getLiveInvitation(id: number, staff: number | null, signal?: AbortSignal) {
  return callApi(liveViewerContracts.invitation, { id, ...(staff ? { staff: String(staff) } : {}) }, { signal });
}

export const liveInvitationQueryOptions = (id: number, staff: number | null) =>
  queryOptions({
    queryKey: liveKeys.invitation(id, staff),
    queryFn: ({ signal }) => getLiveInvitation(id, staff, signal),
  });

export function useLiveInvitation(id: number | null, staff: number | null) {
  return useQuery({ ...liveInvitationQueryOptions(id ?? 0, staff), enabled: !!id });
}
