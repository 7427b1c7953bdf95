import {
  type AdminPharmacyCreateBody,
  adminPharmacyContracts,
  type QualificationBody,
  uploadContracts,
} from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { pharmacyKeys } from './pharmacy-keys';

/** 新增药店: a pending application; the owner's account is created when the phone is unknown. */
export function useCreatePharmacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPharmacyCreateBody) => callApi(adminPharmacyContracts.create, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pharmacyKeys.all }),
  });
}

/** 补充资质: a document added to a pending application. */
export function useAddPharmacyQualification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: QualificationBody & { id: number }) =>
      callApi(adminPharmacyContracts.addQualification, { id, ...body }),
    onSuccess: (detail) => {
      queryClient.setQueryData(pharmacyKeys.detail(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: pharmacyKeys.all });
    },
  });
}

/** Uploads a document's image through the platform's upload endpoint; answers its URL. */
export async function uploadPharmacyDocument(file: File): Promise<string> {
  return (await callApi(uploadContracts.upload, { file, folder: 'aptitude' })).url;
}
