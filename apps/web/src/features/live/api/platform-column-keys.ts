/** Query keys of the operator's platform columns (no pharmacy: the operator's own data). */
export const platformColumnKeys = {
  all: ['live', 'platform-columns'] as const,
  list: (query: object) => [...platformColumnKeys.all, 'list', query] as const,
  options: () => [...platformColumnKeys.all, 'options'] as const,
  submissions: (query: object) => [...platformColumnKeys.all, 'submissions', query] as const,
  members: (id: number) => [...platformColumnKeys.all, 'members', id] as const,
};
