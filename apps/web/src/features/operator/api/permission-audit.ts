import { type AuditLogQuery, auditContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { permissionKeys } from './permission-keys';

/** 操作日志: the audit trail every module writes, newest first. */
export function getAuditLog(query: AuditLogQuery, signal?: AbortSignal) {
  return callApi(auditContracts.list, query, { signal });
}

export const auditLogQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: permissionKeys.audit(query),
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(query: AuditLogQuery) {
  return useQuery(auditLogQueryOptions(query));
}
