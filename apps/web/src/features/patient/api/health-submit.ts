import { type HealthMeasurementBody, type HealthSubmitBody, healthContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { healthKeys } from './health-keys';

/** Submits a health form (a pending one is replaced); its measurements join the chart. */
export function submitHealthForm(body: HealthSubmitBody) {
  return callApi(healthContracts.submit, body);
}

/** Records one measurement (any of height, weight, blood pressure, blood sugar). */
export function addHealthMeasurement(body: HealthMeasurementBody) {
  return callApi(healthContracts.addMeasurement, body);
}

export function useSubmitHealthForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitHealthForm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: healthKeys.all }),
  });
}

export function useAddHealthMeasurement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHealthMeasurement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: healthKeys.all }),
  });
}
