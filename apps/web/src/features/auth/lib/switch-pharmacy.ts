import type { MyPharmacy } from '@pharmacy/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../../../lib/session-store';
import { myPharmaciesKey } from '../api/get-my-pharmacies';

/**
 * Makes `pharmacy` the current one (the session store also remembers it for the account's next sign-in). Every call
 * carries the pharmacyid header, so all cached data (except the pharmacy list itself) belongs to the previous
 * pharmacy: it is dropped, not merely marked stale, so no page shows one pharmacy's rows under the other's name while
 * the open pages refetch.
 */
export function switchPharmacy(queryClient: QueryClient, pharmacy: MyPharmacy) {
  const current = useSessionStore.getState().currentPharmacy;
  if (current?.id === pharmacy.id) return false;
  useSessionStore.getState().setCurrentPharmacy(pharmacy);
  void queryClient.resetQueries({
    predicate: (q) => !(q.queryKey[0] === myPharmaciesKey[0] && q.queryKey[1] === myPharmaciesKey[1]),
  });
  return true;
}
