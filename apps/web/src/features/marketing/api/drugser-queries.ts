import { type AdminDrugserListQuery, drugserContracts, type HistoryField } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsRows } from '../../../lib/cms';
import { callApi } from '../../../lib/http';
import { drugserKeys } from './drugser-keys';

export type DrugserScope = 'pharmacy' | 'admin';

export const drugsersQueryOptions = (scope: DrugserScope, query: AdminDrugserListQuery) =>
  queryOptions({
    queryKey: drugserKeys.list(scope, query),
    queryFn: ({ signal }) => {
      if (scope === 'admin') return callApi(drugserContracts.adminList, query, { signal });
      const { pharmacy_id: _p, ...rest } = query;
      return callApi(drugserContracts.list, rest, { signal });
    },
    placeholderData: keepPreviousData,
  });

export function useDrugsers(scope: DrugserScope, query: AdminDrugserListQuery) {
  return useQuery(drugsersQueryOptions(scope, query));
}

export const drugserQueryOptions = (scope: DrugserScope, id: number) =>
  queryOptions({
    queryKey: drugserKeys.detail(scope, id),
    queryFn: ({ signal }) =>
      callApi(scope === 'admin' ? drugserContracts.adminDetail : drugserContracts.detail, { id }, { signal }),
  });

export function useDrugser(scope: DrugserScope, id: number | null) {
  return useQuery({ ...drugserQueryOptions(scope, id ?? 0), enabled: id !== null });
}

export const drugserRecipesQueryOptions = (scope: DrugserScope, id: number) =>
  queryOptions({
    queryKey: drugserKeys.recipes(scope, id),
    queryFn: ({ signal }) =>
      callApi(scope === 'admin' ? drugserContracts.adminRecipes : drugserContracts.recipes, { id }, { signal }),
  });

export function useDrugserRecipes(scope: DrugserScope, id: number | null) {
  return useQuery({ ...drugserRecipesQueryOptions(scope, id ?? 0), enabled: id !== null });
}

/** The published items of the three history collections (the content API), the edit form's choices. */
export function useHistoryChoices(enabled: boolean) {
  return useQuery({
    queryKey: drugserKeys.histories(),
    queryFn: async ({ signal }) => {
      const read = (collection: HistoryField) =>
        getCmsRows(
          collection,
          { filter: { status: { _eq: 'published' } }, sort: ['sort', 'id'], limit: -1 },
          { signal },
        );
      const [allergy, family, past] = await Promise.all([
        read('allergy_history'),
        read('family_medical_history'),
        read('past_medical_history'),
      ]);
      const names = (rows: { name: string }[]) => [...new Set(rows.map((r) => r.name))];
      return {
        allergy_history: names(allergy),
        family_medical_history: names(family),
        past_medical_history: names(past),
      } satisfies Record<HistoryField, string[]>;
    },
    staleTime: 5 * 60_000,
    enabled,
  });
}
