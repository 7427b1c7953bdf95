import { liveViewerContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { liveKeys } from './live-keys';

/** Enrols me in a camp period (again: a no-op); `staff` is the inviting member from the link. */
export function enrollLivePeriod(id: number, staff: number | null) {
  return callApi(liveViewerContracts.enroll, { id, staff });
}

export function useEnrollLivePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, staff }: { id: number; staff: number | null }) => enrollLivePeriod(id, staff),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}
