import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import type { DepositOnCancellation } from '#domain/schemas/admin.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

/** A sensitive request: the password or a code asked again if needed (the dialog's module loads on first use). */
const withReauthentication = <T>(request: () => Promise<T>) =>
  import('#client/lib/reauth-dialog.tsx').then((module) => module.withReauthentication(request));

/** The one-click admin actions of the transition table (each its route), and deletion. */
const ACTION_ROUTES = {
  'confirmer-signe': quotesRoutes.confirmSigned,
  terminer: quotesRoutes.finish,
  archiver: quotesRoutes.adminArchive,
  restaurer: quotesRoutes.adminRestore,
  prolonger: quotesRoutes.extend,
} as const;
export type SimpleAction = keyof typeof ACTION_ROUTES | 'supprimer';

export function useQuoteAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, acompte = 'rembourser' }: { id: string; action: SimpleAction; acompte?: DepositOnCancellation }) =>
      action === 'supprimer'
        ? // Sensitive: the password or a code again if the last one is a few minutes old.
          withReauthentication(() =>
            api(quotesRoutes.adminDelete, { params: { id }, query: acompte === 'conserver' ? { acompte } : undefined }),
          )
        : api(ACTION_ROUTES[action], { params: { id }, answer: devisSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
