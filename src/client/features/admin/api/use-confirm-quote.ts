import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import type { ConfirmBody } from '#domain/schemas/admin.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

/** Confirms the quote with its final price and clauses; the server e-mails the PDF. */
export function useConfirmQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmBody) => api(quotesRoutes.confirm, { params: { id }, body, answer: devisSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
