import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';
import { textbookKeys } from './keys';

/** POST /chatbot/remove-textbook, then every textbook list refetches at the removal's position. */
export function useRemoveTextbook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (textbookId: number) => callApi('removeTextbook', { body: { textbook_id: textbookId } }),
    onSuccess: (reply) => invalidateAt(client, textbookKeys.all, reply.position),
  });
}
