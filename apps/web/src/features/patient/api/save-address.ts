import { type AddressCreate, patientContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { patientKeys } from './patient-keys';

export function createAddress(body: AddressCreate) {
  return callApi(patientContracts.createAddress, body);
}

export function removeAddress(id: number) {
  return callApi(patientContracts.removeAddress, { id });
}

export function setDefaultAddress(id: number) {
  return callApi(patientContracts.setDefaultAddress, { id });
}

/** 智能识别: a pasted address split into name, phone, province, city, district and detail. */
export function discernAddress(text: string) {
  return callApi(patientContracts.discernAddress, { text });
}

const useAddressMutation = <A, R>(fn: (arg: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientKeys.addresses() }),
  });
};

export const useCreateAddress = () => useAddressMutation(createAddress);
export const useRemoveAddress = () => useAddressMutation(removeAddress);
export const useSetDefaultAddress = () => useAddressMutation(setDefaultAddress);
export const useDiscernAddress = () => useMutation({ mutationFn: discernAddress });
