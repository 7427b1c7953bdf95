import { comboContracts } from '@pharmacy/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { liveKeys } from './live-keys';
import { useLivePharmacyId } from './live-list';

/** The pharmacy's combos to bind to a live (the 套餐 tab's picker), searched by name or product. */
export function useLiveComboOptions(keyword: string, enabled = true) {
  const pharmacyId = useLivePharmacyId();
  return useQuery({
    queryKey: liveKeys.combos(pharmacyId, keyword),
    queryFn: ({ signal }) =>
      callApi(
        comboContracts.list,
        { page: 1, page_size: 50, status: 'all', keyword: keyword || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}
