import { pharmacySettingsContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { settingsKeys } from './settings-keys';

/** How long the header's alert is reused: expiry moves by days, and any qualification change refreshes it at once. */
export const ALERTS_STALE_MS = 10 * 60_000;

export function getQualificationAlerts(signal?: AbortSignal) {
  return callApi(pharmacySettingsContracts.qualificationAlerts, undefined, { signal });
}

export const qualificationAlertsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.alerts(),
    queryFn: ({ signal }) => getQualificationAlerts(signal),
    staleTime: ALERTS_STALE_MS,
  });

/** Expired and expiring documents of the current pharmacy (any of its staff may ask). */
export function useQualificationAlerts() {
  // a pharmacy that is not active refuses every pharmacy route (the layout's banner says why): nothing to ask
  const enabled = useSessionStore(
    (s) =>
      s.isLoggedIn &&
      s.token !== null &&
      s.currentPharmacy !== null &&
      (s.currentPharmacy.status ?? 'active') === 'active',
  );
  return useQuery({ ...qualificationAlertsQueryOptions(), enabled });
}
