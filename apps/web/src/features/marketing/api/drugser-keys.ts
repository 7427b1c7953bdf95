/** 用药人's query keys, defined once: invalidating `all` refreshes the list, the detail and the prescriptions. */
export const drugserKeys = {
  all: ['marketing', 'drugser'] as const,
  list: (scope: 'pharmacy' | 'admin', query: object) => [...drugserKeys.all, 'list', scope, query] as const,
  detail: (scope: 'pharmacy' | 'admin', id: number) => [...drugserKeys.all, 'detail', scope, id] as const,
  recipes: (scope: 'pharmacy' | 'admin', id: number) => [...drugserKeys.all, 'recipes', scope, id] as const,
  histories: () => [...drugserKeys.all, 'histories'] as const,
};
