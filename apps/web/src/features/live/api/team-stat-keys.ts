import type { TeamStatQuery } from '@pharmacy/shared';

/**
 * Query keys of 团队统计. Each names the pharmacy (the pharmacyid header changes the answer), so a pharmacy switch
 * never shows the previous pharmacy's teams or figures.
 */
export const teamStatKeys = {
  all: ['live', 'team-stat'] as const,
  teams: (pharmacyId: number | null) => [...teamStatKeys.all, pharmacyId, 'teams'] as const,
  stat: (pharmacyId: number | null, query: TeamStatQuery) => [...teamStatKeys.all, pharmacyId, 'stat', query] as const,
};
