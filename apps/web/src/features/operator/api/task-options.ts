import { adminTaskContracts } from '@pharmacy/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { adminTaskKeys } from './task-keys';

/** Every pharmacy (the filter), with whether it takes new tasks (the form dialog offers the active ones). */
export function useAdminTaskPharmacies() {
  return useQuery({
    queryKey: adminTaskKeys.pharmacies(),
    queryFn: ({ signal }) => callApi(adminTaskContracts.pharmacyOptions, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Members of one pharmacy matching a phone, its last four digits or a name part (the form's customer search). */
export function useAdminTaskCustomers(pharmacyId: number | undefined, keyword: string) {
  return useQuery({
    queryKey: adminTaskKeys.customers(pharmacyId ?? 0, keyword),
    queryFn: ({ signal }) =>
      callApi(
        adminTaskContracts.customerOptions,
        { pharmacy_id: pharmacyId ?? 0, keyword: keyword || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: pharmacyId !== undefined,
  });
}

/** Active staff of one pharmacy (the assignee picker and the list's filter once a pharmacy is chosen). */
export function useAdminTaskStaff(pharmacyId: number | undefined) {
  return useQuery({
    queryKey: adminTaskKeys.staff(pharmacyId ?? 0),
    queryFn: ({ signal }) => callApi(adminTaskContracts.staffOptions, { pharmacy_id: pharmacyId ?? 0 }, { signal }),
    staleTime: 60_000,
    enabled: pharmacyId !== undefined,
  });
}
