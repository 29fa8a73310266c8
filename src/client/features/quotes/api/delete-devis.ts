import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { devisKeys } from './keys.ts';

/** DELETE /api/devis/:id: only en attente or archivé, permanently. */
export function deleteDevis(id: string): Promise<null> {
  return api<null>(`/api/devis/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteDevis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevis,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devisKeys.all }),
  });
}
