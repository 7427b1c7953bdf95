import { type ContractOutput, shippingContracts as c, type SendListApplyBody } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { orderKeys } from './order-keys';

export type SendListPreviewResult = ContractOutput<typeof c.sendListPreview>;
export type SendListApplied = ContractOutput<typeof c.sendList>;

/** Downloads 批量发货模板.xlsx. */
export function downloadSendListTemplate() {
  return callApi(c.sendListTemplate);
}

/** Uploads the file and checks every row against the pharmacy's orders; ships nothing. */
export function previewSendList(file: File, onProgress?: (sent: number) => void) {
  return callApi(c.sendListPreview, { file }, { onUploadProgress: onProgress });
}

/** Ships the valid rows, each in its own transaction; answers each row's outcome. */
export function applySendList(body: SendListApplyBody) {
  return callApi(c.sendList, body);
}

export function useApplySendList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applySendList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
