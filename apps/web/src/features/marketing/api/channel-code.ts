import { channelContracts as c } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { channelKeys } from './channel-keys';

/** A channel's code (PNG from the server); null: nothing asked. */
export function useChannelCode(id: number | null) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery({
    queryKey: channelKeys.code(pharmacyId, id ?? 0),
    queryFn: ({ signal }) => callApi(c.qrcode, { id: id ?? 0 }, { signal, save: false }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
