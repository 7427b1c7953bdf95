import type { TaskListQuery } from '@pharmacy/shared';

/** The tasks' query keys: invalidating `all` refreshes the list, its counts, the details and the pickers. */
export const taskKeys = {
  all: ['marketing', 'task'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (query: TaskListQuery) => [...taskKeys.lists(), query] as const,
  detail: (id: number) => [...taskKeys.all, 'detail', id] as const,
  customerOptions: (keyword: string, accountId?: number) =>
    [...taskKeys.all, 'customer-options', keyword, accountId ?? null] as const,
  staffOptions: () => [...taskKeys.all, 'staff-options'] as const,
};
