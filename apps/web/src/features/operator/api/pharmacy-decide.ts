import { type AdminPharmacyDetail, adminPharmacyContracts, type QualificationKind } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { pharmacyKeys } from './pharmacy-keys';

export type PharmacyDecision = 'approve' | 'reject' | 'suspend' | 'resume';

/** 通过 / 驳回 / 暂停 / 恢复: the answer is the pharmacy's new detail; every list and detail is refreshed. */
export function decidePharmacy(id: number, decision: PharmacyDecision, reason?: string) {
  switch (decision) {
    case 'approve':
      return callApi(adminPharmacyContracts.approve, { id });
    case 'resume':
      return callApi(adminPharmacyContracts.resume, { id });
    case 'reject':
      return callApi(adminPharmacyContracts.reject, { id, reason: reason ?? '' });
    case 'suspend':
      return callApi(adminPharmacyContracts.suspend, { id, reason: reason ?? '' });
  }
}

function useRefreshingMutation<V>(fn: (v: V) => Promise<AdminPharmacyDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => {
      queryClient.setQueryData(pharmacyKeys.detail(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: pharmacyKeys.all });
    },
    // a refusal (another operator decided first) may mean the shown state is stale
    onError: () => queryClient.invalidateQueries({ queryKey: pharmacyKeys.all }),
  });
}

export function useDecidePharmacy() {
  return useRefreshingMutation(
    ({ id, decision, reason }: { id: number; decision: PharmacyDecision; reason?: string }) =>
      decidePharmacy(id, decision, reason),
  );
}

/** 核对 one required document of an application. */
export function useCheckPharmacyDocument() {
  return useRefreshingMutation(({ id, kind, checked }: { id: number; kind: QualificationKind; checked: boolean }) =>
    callApi(adminPharmacyContracts.checklist, { id, kind, checked }),
  );
}
