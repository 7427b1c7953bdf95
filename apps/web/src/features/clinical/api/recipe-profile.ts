import { type DoctorProfileUpdate, recipeContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, uploadPrescriptionImage } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { recipeKeys } from './recipe-keys';

/** The signed-in doctor's profile (hospital, signature …). */
export function useDoctorProfile() {
  return useQuery({
    queryKey: recipeKeys.profile(),
    queryFn: ({ signal }) => callApi(recipeContracts.profile, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useUpdateDoctorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DoctorProfileUpdate) => callApi(recipeContracts.updateProfile, body),
    onSuccess: (data) => queryClient.setQueryData(recipeKeys.profile(), data),
  });
}

/** Uploads a signature image and answers its address. */
export async function uploadSignature(file: Blob): Promise<string> {
  return (await uploadPrescriptionImage(file, 'signature')).url;
}

export function useCommonDiagnoses(doctorId: number) {
  return useQuery({
    queryKey: recipeKeys.diagnoses(doctorId),
    queryFn: ({ signal }) => callApi(recipeContracts.commonDiagnoses, { doctor_id: doctorId }, { signal }),
    enabled: doctorId > 0,
  });
}

export function useAddCommonDiagnose(doctorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => callApi(recipeContracts.addCommonDiagnose, { doctor_id: doctorId, text }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recipeKeys.diagnoses(doctorId) }),
  });
}

export function useRemoveCommonDiagnose(doctorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(recipeContracts.removeCommonDiagnose, { doctor_id: doctorId, id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recipeKeys.diagnoses(doctorId) }),
  });
}
