import { type CommentVoteKind, medicineContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { catalogueKeys } from './catalogue-keys';

/** Casts, changes (`support` / `objection`) or withdraws (`null`) the caller's one vote on a comment. */
export function voteComment(vars: { id: number; kind: CommentVoteKind | null }) {
  return callApi(medicineContracts.commentVote, { id: vars.id, kind: vars.kind });
}

export function useVoteComment(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteComment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.commentsOf(productId) }),
  });
}
