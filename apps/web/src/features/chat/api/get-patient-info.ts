import { chatDeskContracts } from '@pharmacy/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { chatKeys, useCurrentPharmacyId } from './chat-keys';

export function getPatientInfo(conversationId: number, signal?: AbortSignal) {
  return callApi(chatDeskContracts.patientInfo, { id: conversationId }, { signal });
}

/** The patient info panel: member card, family members, recent orders and prescriptions. */
export function usePatientInfo(conversationId: number | null) {
  const pharmacyId = useCurrentPharmacyId();
  return useQuery({
    queryKey: chatKeys.patientInfo(pharmacyId, conversationId ?? 0),
    queryFn: ({ signal }) => getPatientInfo(conversationId as number, signal),
    enabled: conversationId !== null && pharmacyId !== null,
    staleTime: 30_000,
  });
}
