import { pharmacySettingsContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { settingsKeys } from './settings-keys';

/** The pharmacy's qualification documents with their expiry states (computed by the server on its Shanghai day). */
export function getQualifications(signal?: AbortSignal) {
  return callApi(pharmacySettingsContracts.qualificationList, undefined, { signal });
}

export const qualificationsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.qualifications(), queryFn: ({ signal }) => getQualifications(signal) });

export function useQualifications() {
  return useQuery(qualificationsQueryOptions());
}
