import type { RecipeDoctorListQuery } from '@pharmacy/shared';

/** The recipe part's query keys: invalidating `all` refreshes the list, its counts and an open prescription. */
export const recipeKeys = {
  all: ['recipe'] as const,
  lists: () => [...recipeKeys.all, 'list'] as const,
  list: (query: RecipeDoctorListQuery) => [...recipeKeys.lists(), query] as const,
  detail: (id: number) => [...recipeKeys.all, 'detail', id] as const,
  consultation: (id: number) => [...recipeKeys.all, 'consultation', id] as const,
  check: (body: unknown) => [...recipeKeys.all, 'check', body] as const,
  products: (keyword: string) => [...recipeKeys.all, 'products', keyword] as const,
  profile: () => ['doctor-profile'] as const,
  diagnoses: (doctorId: number) => ['doctor-profile', 'common-diagnoses', doctorId] as const,
};
