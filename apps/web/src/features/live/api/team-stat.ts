import { liveContracts, type TeamStatQuery } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { teamStatKeys } from './team-stat-keys';

const usePharmacyId = () => useSessionStore((s) => s.currentPharmacy?.id ?? null);

export const teamStatQueryOptions = (pharmacyId: number | null, query: TeamStatQuery) =>
  queryOptions({
    queryKey: teamStatKeys.stat(pharmacyId, query),
    queryFn: ({ signal }) => callApi(liveContracts.teamStat, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** 团队统计 of the current pharmacy over the range (Shanghai days), optionally of one team. */
export function useTeamStat(query: TeamStatQuery) {
  return useQuery(teamStatQueryOptions(usePharmacyId(), query));
}

/** The pharmacy's customer-service teams (the page's team filter). */
export function useTeams() {
  const pharmacyId = usePharmacyId();
  return useQuery({
    queryKey: teamStatKeys.teams(pharmacyId),
    queryFn: ({ signal }) => callApi(liveContracts.teams, undefined, { signal }),
    staleTime: 60_000,
  });
}
