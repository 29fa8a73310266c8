import { useQuery } from '@tanstack/react-query';
import { adminHomeRoutes } from '#domain/api-paths.ts';
import { aFaireSchema } from '#domain/schemas/a-faire.ts';
import { api } from '#client/lib/api.ts';

/**
 * Under the back office's key (['admin', …]): every change the administrator makes (a quote
 * confirmed, a payment recorded) invalidates it with the lists.
 */
export const aFaireKey = ['admin', 'a-faire'] as const;

/** While an e-mail is on its way, how soon to ask again; otherwise, once a minute. */
const WHILE_SENDING_MS = 3_000;
const OTHERWISE_MS = 60_000;

/**
 * GET /api/admin/a-faire, kept fresh without a reload: asked again when the page comes back to
 * the front, every few seconds while e-mails are being sent (a confirmed quote becomes
 * « Envoyé »), and every minute otherwise (payments, failures found by the worker).
 */
export function useAFaire() {
  return useQuery({
    queryKey: aFaireKey,
    queryFn: ({ signal }) => api(adminHomeRoutes.aFaire, { signal, answer: aFaireSchema }),
    refetchOnWindowFocus: true,
    refetchInterval: (query) => ((query.state.data?.envoisEnCours ?? 0) > 0 ? WHILE_SENDING_MS : OTHERWISE_MS),
  });
}
