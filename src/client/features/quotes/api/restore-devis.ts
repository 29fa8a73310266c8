import { quotesRoutes } from '#domain/api-paths.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { useDevisMutation } from './use-devis-mutation.ts';

/** archivé → en attente. */
export const restoreDevis = (id: string) => api(quotesRoutes.restore, { params: { id }, answer: devisSchema });

export const useRestoreDevis = () => useDevisMutation(restoreDevis);
