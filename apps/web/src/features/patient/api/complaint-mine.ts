import { reportContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { complaintKeys } from './complaint-keys';

/** My complaints, newest first (the latest 100: a patient has few). */
export function getMyComplaints(signal?: AbortSignal) {
  return callApi(reportContracts.mine, { page: 1, page_size: 100 }, { signal });
}

export const myComplaintsQueryOptions = () =>
  queryOptions({ queryKey: complaintKeys.mine(), queryFn: ({ signal }) => getMyComplaints(signal) });

export function useMyComplaints() {
  return useQuery(myComplaintsQueryOptions());
}
