import { patientContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { patientKeys } from './patient-keys';

/** My family members (就诊人), the default first. */
export function getFamilyMembers(signal?: AbortSignal) {
  return callApi(patientContracts.familyMembers, {}, { signal });
}

export const familyMembersQueryOptions = () =>
  queryOptions({ queryKey: patientKeys.familyMembers(), queryFn: ({ signal }) => getFamilyMembers(signal) });

export function useFamilyMembers() {
  return useQuery(familyMembersQueryOptions());
}
