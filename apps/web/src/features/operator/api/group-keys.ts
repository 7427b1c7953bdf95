import type { GroupListQuery } from '@pharmacy/shared';

/** Query keys of 集团管理 (the operator's own data: no pharmacy in the key). Invalidating `all` refreshes them all. */
export const groupKeys = {
  all: ['operator', 'groups'] as const,
  list: (query: GroupListQuery) => [...groupKeys.all, 'list', query] as const,
  detail: (id: number) => [...groupKeys.all, 'detail', id] as const,
  pharmacyOptions: (keyword: string) => [...groupKeys.all, 'pharmacy-options', keyword] as const,
};
