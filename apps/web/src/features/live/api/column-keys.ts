/**
 * Query keys of columns, camp periods and enrolments. Each names the pharmacy (the pharmacyid header changes the
 * answer); invalidating `pharmacy(id)` refreshes them all (a period's counts show in its column's row and so on).
 */
export const columnKeys = {
  all: ['live', 'columns'] as const,
  pharmacy: (pharmacyId: number | null) => [...columnKeys.all, pharmacyId] as const,
  list: (pharmacyId: number | null, query: object) => [...columnKeys.pharmacy(pharmacyId), 'list', query] as const,
  detail: (pharmacyId: number | null, id: number) => [...columnKeys.pharmacy(pharmacyId), 'detail', id] as const,
  platformOptions: (pharmacyId: number | null) => [...columnKeys.pharmacy(pharmacyId), 'platform-options'] as const,
  periods: (pharmacyId: number | null, columnId: number) =>
    [...columnKeys.pharmacy(pharmacyId), 'periods', columnId] as const,
  periodLives: (pharmacyId: number | null, periodId: number) =>
    [...columnKeys.pharmacy(pharmacyId), 'period-lives', periodId] as const,
  bindableLives: (pharmacyId: number | null, query: object) =>
    [...columnKeys.pharmacy(pharmacyId), 'bindable-lives', query] as const,
  enrollments: (pharmacyId: number | null, periodId: number, query: object) =>
    [...columnKeys.pharmacy(pharmacyId), 'enrollments', periodId, query] as const,
  inviteLink: (pharmacyId: number | null, periodId: number) =>
    [...columnKeys.pharmacy(pharmacyId), 'invite-link', periodId] as const,
};
