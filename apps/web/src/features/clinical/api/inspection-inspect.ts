import { type InspectBodyInput, inspectionContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { inspectionKeys } from './inspection-keys';

/** 通过 / 驳回: one pharmacist's decision; a 409 means another pharmacist decided first. */
export function inspectRecipe(input: { id: number } & InspectBodyInput) {
  return callApi(inspectionContracts.inspect, input);
}

/** Refreshes the list, its counts and the open prescription afterwards, also after a refusal (409). */
export function useInspectRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inspectRecipe,
    // not awaited: the dialog closes at once, the list refreshes behind it (the detail runs the aids again)
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
    },
  });
}
