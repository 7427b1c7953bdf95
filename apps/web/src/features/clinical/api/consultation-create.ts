import {
  type ConsultationCreateInput,
  consultationContracts,
  medicineContracts,
  pharmacyDirectoryContracts,
} from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, uploadPrescriptionImage } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { consultationKeys } from './consultation-keys';

/** The patient's account found by exact phone, with its family members (the phone masked). */
export function lookupConsultationPatient(phone: string) {
  return callApi(consultationContracts.patients, { phone });
}

export function createConsultation(input: ConsultationCreateInput) {
  return callApi(consultationContracts.create, input);
}

export function useCreateConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsultation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: consultationKeys.all }),
  });
}

/** A prescription or medical-record photo, through the platform upload (prescription.png with its folder). */
export async function uploadConsultationImage(file: Blob): Promise<string> {
  return (await uploadPrescriptionImage(file, 'consultation')).url;
}

/** The dispensing pharmacies to choose from: the public directory (active pharmacies only). */
export function useDispensingPharmacies() {
  return useQuery({
    queryKey: consultationKeys.pharmacies(),
    queryFn: ({ signal }) => callApi(pharmacyDirectoryContracts.list, { page: 1, page_size: 100 }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Catalogue products by name, generic name, approval number or barcode (the public medicine search). */
export function useProductSearch(q: string) {
  return useQuery({
    queryKey: consultationKeys.products(q),
    queryFn: ({ signal }) => callApi(medicineContracts.list, { q, page: 1, page_size: 20 }, { signal }),
    enabled: q.trim().length > 0,
    staleTime: 60_000,
  });
}
