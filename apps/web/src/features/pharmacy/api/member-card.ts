import { memberContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { memberKeys } from './member-keys';

export function getMemberCard(id: number, signal?: AbortSignal) {
  return callApi(memberContracts.card, { id }, { signal });
}

export const memberCardQueryOptions = (pharmacyId: number | null, id: number) =>
  queryOptions({
    queryKey: memberKeys.card(pharmacyId, id),
    queryFn: ({ signal }) => getMemberCard(id, signal),
    enabled: pharmacyId !== null && id > 0,
  });

/** One member's card: the pharmacy's fields, and the patient's family members and addresses (read-only). */
export function useMemberCard(id: number) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(memberCardQueryOptions(pharmacyId, id));
}
