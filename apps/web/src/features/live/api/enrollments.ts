import { liveColumnContracts as c, type enrollmentListQuerySchema } from '@pharmacy/shared';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { columnKeys } from './column-keys';

export type EnrollmentListQuery = z.output<typeof enrollmentListQuerySchema>;

const usePharmacyId = () => useSessionStore((s) => s.currentPharmacy?.id ?? null);

/** A period's enrolment list (报名学员); null: nothing asked. */
export function useEnrollments(periodId: number | null, query: EnrollmentListQuery) {
  const pharmacyId = usePharmacyId();
  return useQuery({
    queryKey: columnKeys.enrollments(pharmacyId, periodId ?? 0, query),
    queryFn: ({ signal }) => callApi(c.enrollments, { id: periodId ?? 0, ...query }, { signal }),
    placeholderData: keepPreviousData,
    enabled: periodId !== null,
  });
}

/** 添加学员: enrols the accounts of these phones (once each; blacklisted and unknown phones are reported). */
export function useEnroll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; phones: string[] }) => callApi(c.enroll, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: columnKeys.all }),
  });
}

/** The signed-in member's invitation link to a period (a path of the patient pages). */
export function useInviteLink(periodId: number | null) {
  const pharmacyId = usePharmacyId();
  return useQuery({
    queryKey: columnKeys.inviteLink(pharmacyId, periodId ?? 0),
    queryFn: ({ signal }) => callApi(c.inviteLink, { id: periodId ?? 0 }, { signal }),
    enabled: periodId !== null,
  });
}
