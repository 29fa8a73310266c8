import { quotesRoutes } from '#domain/api-paths.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { useDevisMutation } from './use-devis-mutation.ts';

/** en attente → archivé. */
export const archiveDevis = (id: string) => api(quotesRoutes.archive, { params: { id }, answer: devisSchema });

export const useArchiveDevis = () => useDevisMutation(archiveDevis);
