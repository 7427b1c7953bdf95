import { consultationContracts } from '@pharmacy/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, PRESCRIPTION_IMAGE_NAME } from '../../../lib/http';

export const CONSULTATIONS_PAGE_SIZE = 10;

/** The patient's consultation requests (this part's keys, under the area's `patient` prefix). */
export const consultationMineKeys = {
  all: ['patient', 'consultations'] as const,
};

export function getMyConsultations(page: number, signal?: AbortSignal) {
  return callApi(consultationContracts.mine, { page, page_size: CONSULTATIONS_PAGE_SIZE }, { signal });
}

export const myConsultationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: consultationMineKeys.all,
    queryFn: ({ pageParam, signal }) => getMyConsultations(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useMyConsultations() {
  return useInfiniteQuery(myConsultationsQueryOptions());
}

/** Adds a photo (named prescription.png with its folder, spec §7) to my pending request. */
export function uploadMyConsultationImage(input: { id: number; image: Blob }) {
  const file = new File([input.image], PRESCRIPTION_IMAGE_NAME, { type: input.image.type || 'image/png' });
  return callApi(consultationContracts.uploadMine, { id: input.id, file, folder: 'prescription' });
}

/** Changes my pending request's images (e.g. one removed) or description. */
export function updateMyConsultation(input: { id: number; images?: string[]; description?: string }) {
  return callApi(consultationContracts.updateMine, input);
}

export function useUploadMyConsultationImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMyConsultationImage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: consultationMineKeys.all }),
  });
}

export function useUpdateMyConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyConsultation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: consultationMineKeys.all }),
  });
}
