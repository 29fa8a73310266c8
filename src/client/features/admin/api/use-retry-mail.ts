import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

/** Sends the quote's e-mail now (waiting for its next try, given up, or never queued). */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(quotesRoutes.retryMail, { params: { id }, answer: devisSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
