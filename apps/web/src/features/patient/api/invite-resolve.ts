import { channelContracts as c } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { inviteKeys } from './invite-keys';

export type InviteTarget = { scene: string } | { staff: number };

/** What a code opens: the pharmacy and the channel or the inviting member; null: no valid target in the link. */
export function useInvitePreview(target: InviteTarget | null) {
  return useQuery({
    queryKey: inviteKeys.preview(target ?? {}),
    queryFn: ({ signal }) => callApi(c.wxaResolve, target ?? {}, { signal }),
    enabled: target !== null,
    retry: false,
  });
}
