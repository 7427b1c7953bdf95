import { liveContracts } from '@pharmacy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { liveKeys } from './live-keys';
import { useLivePharmacyId } from './live-list';

/** 资料: the live's files. */
export function useLiveMaterials(liveId: number) {
  const pharmacyId = useLivePharmacyId();
  return useQuery({
    queryKey: liveKeys.materials(pharmacyId, liveId),
    queryFn: ({ signal }) => callApi(liveContracts.materials, { id: liveId }, { signal }),
  });
}

/** Uploads one file as a material of the live (its name defaults to the file's). */
export function useAddLiveMaterial(liveId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; onProgress?: (sent: number) => void }) =>
      callApi(
        liveContracts.addMaterial,
        { id: liveId, file: input.file, name: input.file.name },
        { onUploadProgress: input.onProgress },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}

export function useRemoveLiveMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (materialId: number) => callApi(liveContracts.removeMaterial, { id: materialId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}
