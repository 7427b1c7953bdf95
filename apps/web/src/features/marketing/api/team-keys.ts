/** The team page's query keys (per pharmacy): invalidating `all` refreshes the teams and the codes. */
export const teamKeys = {
  all: ['marketing', 'team'] as const,
  list: (pharmacyId: number | null) => [...teamKeys.all, 'list', pharmacyId] as const,
  code: (pharmacyId: number | null, memberId: number) => [...teamKeys.all, 'code', pharmacyId, memberId] as const,
};
