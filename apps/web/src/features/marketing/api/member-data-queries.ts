import {
  type AdminLiveDataQuery,
  type AdminMemberDataQuery,
  memberDataContracts,
  pharmacyDirectoryContracts,
} from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { memberDataKeys } from './member-data-keys';

/** Whose figures: the current pharmacy's (its staff) or the platform's (the operator, optionally one pharmacy). */
export type MemberDataScope = 'pharmacy' | 'admin';

const withoutPharmacy = <T extends { pharmacy_id?: number }>({ pharmacy_id: _p, ...rest }: T) => rest;

export const memberDataQueryOptions = (scope: MemberDataScope, query: AdminMemberDataQuery) =>
  queryOptions({
    queryKey: memberDataKeys.daily(scope, query),
    queryFn: ({ signal }) =>
      scope === 'admin'
        ? callApi(memberDataContracts.adminDaily, query, { signal })
        : callApi(memberDataContracts.daily, withoutPharmacy(query), { signal }),
    placeholderData: keepPreviousData,
  });

export function useMemberData(scope: MemberDataScope, query: AdminMemberDataQuery) {
  return useQuery(memberDataQueryOptions(scope, query));
}

export const liveDataQueryOptions = (scope: MemberDataScope, query: AdminLiveDataQuery) =>
  queryOptions({
    queryKey: memberDataKeys.lives(scope, query),
    queryFn: ({ signal }) =>
      scope === 'admin'
        ? callApi(memberDataContracts.adminLiveData, query, { signal })
        : callApi(memberDataContracts.liveData, withoutPharmacy(query), { signal }),
    placeholderData: keepPreviousData,
  });

export function useLiveData(scope: MemberDataScope, query: AdminLiveDataQuery) {
  return useQuery(liveDataQueryOptions(scope, query));
}

/** The pharmacies the operator's filter offers (the public directory, at most 100). */
export function usePharmacyChoices(enabled: boolean) {
  return useQuery({
    queryKey: memberDataKeys.pharmacies(),
    queryFn: async ({ signal }) => {
      const page = await callApi(pharmacyDirectoryContracts.list, { page: 1, page_size: 100 }, { signal });
      return page.list.map((p) => ({ value: p.id, label: p.name }));
    },
    staleTime: 5 * 60_000,
    enabled,
  });
}
