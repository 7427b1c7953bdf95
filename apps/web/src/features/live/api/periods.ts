import {
  liveColumnContracts as c,
  type LiveListQuery,
  liveContracts,
  type Period,
  type PeriodBody,
} from '@pharmacy/shared';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { columnKeys } from './column-keys';

const usePharmacyId = () => useSessionStore((s) => s.currentPharmacy?.id ?? null);

/** A column's camp periods; null: nothing asked. */
export function usePeriods(columnId: number | null) {
  const pharmacyId = usePharmacyId();
  return useQuery({
    queryKey: columnKeys.periods(pharmacyId, columnId ?? 0),
    queryFn: ({ signal }) => callApi(c.periods, { id: columnId ?? 0 }, { signal }),
    enabled: columnId !== null,
  });
}

/** The lives bound to a period, in order; null: nothing asked. */
export function usePeriodLives(periodId: number | null) {
  const pharmacyId = usePharmacyId();
  return useQuery({
    queryKey: columnKeys.periodLives(pharmacyId, periodId ?? 0),
    queryFn: ({ signal }) => callApi(c.periodLives, { id: periodId ?? 0 }, { signal }),
    enabled: periodId !== null,
  });
}

/** The pharmacy's lives to bind (绑定直播): a page of the course list. */
export function useBindableLives(query: LiveListQuery, enabled: boolean) {
  const pharmacyId = usePharmacyId();
  return useQuery({
    queryKey: columnKeys.bindableLives(pharmacyId, query),
    queryFn: ({ signal }) => callApi(liveContracts.list, query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useColumnMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: columnKeys.all }),
  });
}

/** 新建营期 (columnId) or 编辑 (id). */
export const useSavePeriod = () =>
  useColumnMutation(
    (input: { columnId: number; id?: number; body: PeriodBody }): Promise<Period> =>
      input.id === undefined
        ? callApi(c.createPeriod, { id: input.columnId, ...input.body })
        : callApi(c.updatePeriod, { id: input.id, ...input.body }),
  );

/** 复制营期: a new period with the same lives in the same order. */
export const useCopyPeriod = () =>
  useColumnMutation((input: { id: number; body: PeriodBody }) =>
    callApi(c.copyPeriod, { id: input.id, ...input.body }),
  );

export const useRemovePeriod = () => useColumnMutation((id: number) => callApi(c.removePeriod, { id }));

export const useBindLives = () =>
  useColumnMutation((input: { id: number; live_ids: number[] }) => callApi(c.bindLives, input));

export const useUnbindLive = () =>
  useColumnMutation((input: { id: number; live_id: number }) => callApi(c.unbindLive, input));

/** Rewrites the order: `live_ids` is the whole bound list in its new order. */
export const useSortLives = () =>
  useColumnMutation((input: { id: number; live_ids: number[] }) => callApi(c.sortLives, input));
