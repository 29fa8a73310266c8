import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Devis } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

/** Sends the quote's e-mail now (waiting for its next try, given up, or never queued). */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Devis>(`/api/admin/devis/${encodeURIComponent(id)}/renvoyer-email`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
