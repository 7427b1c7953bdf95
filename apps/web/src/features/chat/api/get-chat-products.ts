import { chatDeskContracts } from '@pharmacy/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { chatKeys, useCurrentPharmacyId } from './chat-keys';

export function getChatProducts(keyword: string, signal?: AbortSignal) {
  return callApi(chatDeskContracts.products, { keyword: keyword || undefined, limit: 20 }, { signal });
}

/** The product picker: the pharmacy's quotes on sale, searched by name. */
export function useChatProducts(keyword: string, enabled: boolean) {
  const pharmacyId = useCurrentPharmacyId();
  return useQuery({
    queryKey: chatKeys.products(pharmacyId, keyword),
    queryFn: ({ signal }) => getChatProducts(keyword, signal),
    enabled: enabled && pharmacyId !== null,
    placeholderData: keepPreviousData,
  });
}
