import { type CommentAddBody, medicineContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { catalogueKeys } from './catalogue-keys';

export function addComment(body: CommentAddBody) {
  return callApi(medicineContracts.commentAdd, body);
}

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (_, body) => queryClient.invalidateQueries({ queryKey: catalogueKeys.commentsOf(body.product_id) }),
  });
}
