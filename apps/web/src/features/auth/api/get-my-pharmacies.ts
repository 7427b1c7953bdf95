import { pharmacyContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';

export const myPharmaciesKey = ['auth', 'my-pharmacies'] as const;

export function getMyPharmacies(signal?: AbortSignal) {
  return callApi(pharmacyContracts.me, undefined, { signal });
}

export const myPharmaciesQueryOptions = () =>
  queryOptions({ queryKey: myPharmaciesKey, queryFn: ({ signal }) => getMyPharmacies(signal), staleTime: 60_000 });

/** The signed-in staff member's pharmacies, kept in the session store (the switcher and the header read them there). */
export function useMyPharmacies() {
  const signedIn = useSessionStore((s) => s.isLoggedIn && s.token !== null);
  const setPharmacies = useSessionStore((s) => s.setPharmacies);
  const query = useQuery({ ...myPharmaciesQueryOptions(), enabled: signedIn });
  useEffect(() => {
    if (query.data) setPharmacies(query.data);
  }, [query.data, setPharmacies]);
  return query;
}
