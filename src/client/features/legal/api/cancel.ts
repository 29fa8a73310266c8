import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legalRoutes } from '#domain/api-paths.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';

/** « Confirmer la demande d'annulation »: the server checks the status and the withdrawal period, and e-mails both sides. */
export function useRequestCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(legalRoutes.requestCancellation, { params: { id }, answer: devisSchema }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
