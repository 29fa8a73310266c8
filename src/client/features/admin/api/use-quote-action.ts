import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Devis } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

/** A sensitive request: the password or a code asked again if needed (the dialog's module loads on first use). */
const withReauthentication = <T>(request: () => Promise<T>) =>
  import('#client/lib/reauth-dialog.tsx').then((module) => module.withReauthentication(request));

export type SimpleAction = 'confirmer-signe' | 'terminer' | 'archiver' | 'restaurer' | 'supprimer';

/** The one-click admin actions of the transition table, and deletion. */
export function useQuoteAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: SimpleAction }) =>
      action === 'supprimer'
        ? // Sensitive: the password or a code again if the last one is a few minutes old.
          withReauthentication(() => api<null>(`/api/admin/devis/${encodeURIComponent(id)}`, { method: 'DELETE' }))
        : api<Devis>(`/api/admin/devis/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
