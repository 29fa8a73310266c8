import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import type { Completion } from '#domain/schemas/devis-completion.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { devisKeys } from './keys.ts';

/** en attente → en attente de confirmation. */
export const completeDevis = (id: string, completion: Completion) =>
  api(quotesRoutes.complete, { params: { id }, body: completion, answer: devisSchema });

export function useCompleteDevis(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (completion: Completion) => completeDevis(id, completion),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devisKeys.all }),
  });
}
