import { type ContractInput, teamContracts as c } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { teamKeys } from './team-keys';

export type TeamInput = ContractInput<typeof c.create>;

/** Every team write refreshes the team list. */
function useTeamMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** 新建团队 (no id) or 编辑 (id). */
export const useSaveTeam = () =>
  useTeamMutation((input: { id?: number; body: TeamInput }) =>
    input.id === undefined ? callApi(c.create, input.body) : callApi(c.update, { id: input.id, ...input.body }),
  );

export const useRemoveTeam = () => useTeamMutation((id: number) => callApi(c.remove, { id }));

export const useAddTeamMember = () =>
  useTeamMutation((input: { id: number; member_id: number }) => callApi(c.addMember, input));

export const useRemoveTeamMember = () =>
  useTeamMutation((input: { id: number; memberId: number }) => callApi(c.removeMember, input));
