import { type ReportTargetKind, reportContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { complaintKeys } from './complaint-keys';

/** What I may complain about of one kind: my orders, the pharmacies I ordered from, my doctors, lives I watched. */
export function getComplaintTargets(kind: ReportTargetKind, signal?: AbortSignal) {
  return callApi(reportContracts.targets, { kind }, { signal });
}

export const complaintTargetsQueryOptions = (kind: ReportTargetKind) =>
  queryOptions({ queryKey: complaintKeys.targets(kind), queryFn: ({ signal }) => getComplaintTargets(kind, signal) });

export function useComplaintTargets(kind: ReportTargetKind | undefined) {
  return useQuery({ ...complaintTargetsQueryOptions(kind ?? 'order'), enabled: kind !== undefined });
}
