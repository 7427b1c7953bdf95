import { teamContracts as c } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { teamKeys } from './team-keys';

export const teamListQueryOptions = (pharmacyId: number | null) =>
  queryOptions({
    queryKey: teamKeys.list(pharmacyId),
    queryFn: ({ signal }) => callApi(c.list, undefined, { signal }),
  });

/** The pharmacy's teams and members (a customer_service member: their own team). */
export function useTeams() {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(teamListQueryOptions(pharmacyId));
}
