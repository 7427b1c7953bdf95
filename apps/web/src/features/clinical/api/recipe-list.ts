import { type RecipeDoctorListQuery, recipeContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { recipeKeys } from './recipe-keys';

export function getDoctorRecipes(query: RecipeDoctorListQuery, signal?: AbortSignal) {
  return callApi(recipeContracts.doctorList, query, { signal });
}

export const doctorRecipesQueryOptions = (query: RecipeDoctorListQuery) =>
  queryOptions({
    queryKey: recipeKeys.list(query),
    queryFn: ({ signal }) => getDoctorRecipes(query, signal),
    placeholderData: keepPreviousData,
  });

/** The doctor's prescriptions: a page, its total and every tab's count. */
export function useDoctorRecipes(query: RecipeDoctorListQuery) {
  return useQuery(doctorRecipesQueryOptions(query));
}
