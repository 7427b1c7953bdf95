import { type RecipeCheckBody, type RecipeWriteInput, recipeContracts } from '@pharmacy/shared';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { recipeKeys } from './recipe-keys';

/** The consultation request a prescription is written from (patient, allergies, wanted items). */
export function useRecipeConsultation(id: number) {
  return useQuery({
    queryKey: recipeKeys.consultation(id),
    queryFn: ({ signal }) => callApi(recipeContracts.consultation, { id }, { signal }),
    enabled: id > 0,
  });
}

/**
 * The inspection aids on what the doctor has typed so far (the caller debounces `body`; null while nothing is
 * complete enough to check). A failed call is an `isError` the dialog shows as "the checks could not run".
 */
export function useRecipeCheck(body: RecipeCheckBody | null) {
  return useQuery({
    queryKey: recipeKeys.check(body),
    queryFn: ({ signal }) => callApi(recipeContracts.check, body as RecipeCheckBody, { signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

/** Catalogue products for the items' select: by keyword, or the given ids (a prefilled line's product). */
export function useRecipeProducts(keyword: string, ids: number[] = []) {
  const idsText = [...new Set(ids)].sort((a, b) => a - b).join(',');
  const key = keyword ? `k:${keyword}` : `i:${idsText}`;
  return useQuery({
    queryKey: recipeKeys.products(key),
    queryFn: ({ signal }) => callApi(recipeContracts.products, keyword ? { keyword } : { ids: idsText }, { signal }),
    enabled: keyword !== '' || idsText !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useWriteRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecipeWriteInput) => callApi(recipeContracts.write, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recipeKeys.all });
      // the consultation list shows the request as prescribed now
      void queryClient.invalidateQueries({ queryKey: ['consultation'] });
    },
  });
}

export function useVoidRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(recipeContracts.void, { id }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recipeKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['consultation'] });
    },
  });
}
