import { api } from '#client/lib/api.ts';
import { useDevisMutation } from './use-devis-mutation.ts';

/** DELETE /api/devis/:id: only en attente or archivé, permanently. */
export const deleteDevis = (id: string) => api<null>(`/api/devis/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useDeleteDevis = () => useDevisMutation(deleteDevis);
