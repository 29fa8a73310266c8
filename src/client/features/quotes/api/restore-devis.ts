import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Devis } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { devisKeys } from './keys.ts';

/** POST /api/devis/:id/restaurer: archivé → en attente. */
export function restoreDevis(id: string): Promise<Devis> {
  return api<Devis>(`/api/devis/${encodeURIComponent(id)}/restaurer`, { method: 'POST' });
}

export function useRestoreDevis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreDevis,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devisKeys.all }),
  });
}
