import type { AdminTaskListQuery } from '@pharmacy/shared';

/** The operator's task query keys: invalidating `all` refreshes the list, its counts, the details and the pickers. */
export const adminTaskKeys = {
  all: ['operator', 'task'] as const,
  lists: () => [...adminTaskKeys.all, 'list'] as const,
  list: (query: AdminTaskListQuery) => [...adminTaskKeys.lists(), query] as const,
  log: (id: number) => [...adminTaskKeys.all, 'log', id] as const,
  pharmacies: () => [...adminTaskKeys.all, 'pharmacy-options'] as const,
  customers: (pharmacyId: number, keyword: string) =>
    [...adminTaskKeys.all, 'customer-options', pharmacyId, keyword] as const,
  staff: (pharmacyId: number) => [...adminTaskKeys.all, 'staff-options', pharmacyId] as const,
};
