import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Devis } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { devisKeys } from './keys.ts';

/** POST /api/devis/:id/archiver: en attente → archivé. */
export function archiveDevis(id: string): Promise<Devis> {
  return api<Devis>(`/api/devis/${encodeURIComponent(id)}/archiver`, { method: 'POST' });
}

export function useArchiveDevis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveDevis,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devisKeys.all }),
  });
}
