import { groupContracts } from '@pharmacy/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { groupKeys } from './group-keys';

export function getGroupPharmacyOptions(keyword: string, signal?: AbortSignal) {
  return callApi(groupContracts.pharmacyOptions, keyword ? { keyword } : {}, { signal });
}

/** The 添加药店 picker's pharmacies by name (at most 50, free ones first; those in a group say which). */
export function useGroupPharmacyOptions(keyword: string) {
  return useQuery({
    queryKey: groupKeys.pharmacyOptions(keyword),
    queryFn: ({ signal }) => getGroupPharmacyOptions(keyword, signal),
    placeholderData: keepPreviousData,
  });
}
