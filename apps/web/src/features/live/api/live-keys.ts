/**
 * Query keys of the lives (课程列表, 直播后台). Each names the pharmacy (the pharmacyid header changes the answer), so a
 * pharmacy switch never shows the previous pharmacy's lives; invalidating `all` after a write refreshes the list, its
 * tab counts, the open detail and its tabs.
 */
export const liveKeys = {
  all: ['live', 'lives'] as const,
  pharmacy: (pharmacyId: number | null) => [...liveKeys.all, pharmacyId] as const,
  list: (pharmacyId: number | null, query: object) => [...liveKeys.pharmacy(pharmacyId), 'list', query] as const,
  detail: (pharmacyId: number | null, id: number) => [...liveKeys.pharmacy(pharmacyId), 'detail', id] as const,
  shares: (pharmacyId: number | null, id: number) => [...liveKeys.pharmacy(pharmacyId), 'shares', id] as const,
  materials: (pharmacyId: number | null, id: number) => [...liveKeys.pharmacy(pharmacyId), 'materials', id] as const,
  users: (pharmacyId: number | null, id: number, query: object) =>
    [...liveKeys.pharmacy(pharmacyId), 'users', id, query] as const,
  userStats: (pharmacyId: number | null, id: number) => [...liveKeys.pharmacy(pharmacyId), 'user-stats', id] as const,
  exam: (pharmacyId: number | null, id: number) => [...liveKeys.pharmacy(pharmacyId), 'exam', id] as const,
  pickQuestions: (pharmacyId: number | null, query: object) =>
    [...liveKeys.pharmacy(pharmacyId), 'pick-questions', query] as const,
  combos: (pharmacyId: number | null, keyword: string) =>
    [...liveKeys.pharmacy(pharmacyId), 'combos', keyword] as const,
  syncTargets: (pharmacyId: number | null) => [...liveKeys.pharmacy(pharmacyId), 'sync-targets'] as const,
  today: (pharmacyId: number | null) => [...liveKeys.pharmacy(pharmacyId), 'today'] as const,
  comments: (pharmacyId: number | null, id: number) => [...liveKeys.pharmacy(pharmacyId), 'comments', id] as const,
};
