import { type TaskCreateInput, type TaskFlowAction, taskContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { taskKeys } from './task-keys';

export function createTask(body: TaskCreateInput) {
  return callApi(taskContracts.create, body);
}

function useTaskMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useCreateTask() {
  return useTaskMutation(createTask);
}

export function useEditTask() {
  return useTaskMutation((v: { id: number; title: string; content: string; due_at: string }) =>
    callApi(taskContracts.edit, v),
  );
}

/** One flow action: start, done (with a result) or cancel (with a reason). */
export function useTaskFlow() {
  return useTaskMutation((v: { id: number; action: TaskFlowAction; text?: string }) => {
    if (v.action === 'start') return callApi(taskContracts.start, { id: v.id });
    if (v.action === 'done') return callApi(taskContracts.done, { id: v.id, result: v.text ?? '' });
    return callApi(taskContracts.cancel, { id: v.id, reason: v.text ?? '' });
  });
}

export function useAssignTask() {
  return useTaskMutation((v: { id: number; assignee_account_id: number }) => callApi(taskContracts.assign, v));
}

export function useCommentTask() {
  return useTaskMutation((v: { id: number; content: string }) => callApi(taskContracts.comment, v));
}
