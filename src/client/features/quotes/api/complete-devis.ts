import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Completion } from '#domain/schemas/devis-completion.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { devisKeys } from './keys.ts';

/** PUT /api/devis/:id/completer: en attente → en attente de confirmation. */
export function completeDevis(id: string, completion: Completion): Promise<Devis> {
  return api<Devis>(`/api/devis/${encodeURIComponent(id)}/completer`, { method: 'PUT', body: completion });
}

export function useCompleteDevis(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (completion: Completion) => completeDevis(id, completion),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devisKeys.all }),
  });
}
