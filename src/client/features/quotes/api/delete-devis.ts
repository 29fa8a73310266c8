import { quotesRoutes } from '#domain/api-paths.ts';
import { api } from '#client/lib/api.ts';
import { useDevisMutation } from './use-devis-mutation.ts';

/** Only en attente or archivé, permanently. */
export const deleteDevis = (id: string) => api(quotesRoutes.delete, { params: { id } });

export const useDeleteDevis = () => useDevisMutation(deleteDevis);
