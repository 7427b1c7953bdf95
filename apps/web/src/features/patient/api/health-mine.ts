import { healthContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { healthKeys } from './health-keys';

/** My family members, each with the latest health form (status, reject reason, answers). */
export function getMyHealth(signal?: AbortSignal) {
  return callApi(healthContracts.mine, {}, { signal });
}

export const myHealthQueryOptions = () =>
  queryOptions({ queryKey: healthKeys.mine(), queryFn: ({ signal }) => getMyHealth(signal) });

export function useMyHealth() {
  return useQuery(myHealthQueryOptions());
}
