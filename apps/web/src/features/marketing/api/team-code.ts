import { teamContracts as c } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { teamKeys } from './team-keys';

/** A member's personal code (PNG from the server); null: nothing asked. */
export function useMemberCode(memberId: number | null) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery({
    queryKey: teamKeys.code(pharmacyId, memberId ?? 0),
    queryFn: ({ signal }) => callApi(c.qrcode, { memberId: memberId ?? 0 }, { signal, save: false }),
    enabled: memberId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
