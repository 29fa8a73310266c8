import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Devis } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

export type SimpleAction = 'confirmer-signe' | 'terminer' | 'archiver' | 'restaurer' | 'supprimer';

/** The one-click admin actions of the transition table, and deletion. */
export function useQuoteAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: SimpleAction }) =>
      action === 'supprimer'
        ? api<null>(`/api/admin/devis/${encodeURIComponent(id)}`, { method: 'DELETE' })
        : api<Devis>(`/api/admin/devis/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
