import type { StaffListQuery } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The staff list's query keys, defined once: a change invalidates `all`. */
export const staffKeys = {
  all: ['pharmacy', 'staff'] as const,
  lists: () => [...staffKeys.all, 'list'] as const,
  list: (query: StaffListQuery) => [...staffKeys.lists(), query] as const,
};

/** A staff mutation: any change refreshes the list when it settles (the rows show role, keys and status). */
export function useStaffMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
