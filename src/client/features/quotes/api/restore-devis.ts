import type { Devis } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { useDevisMutation } from './use-devis-mutation.ts';

/** POST /api/devis/:id/restaurer: archivé → en attente. */
export const restoreDevis = (id: string) => api<Devis>(`/api/devis/${encodeURIComponent(id)}/restaurer`, { method: 'POST' });

export const useRestoreDevis = () => useDevisMutation(restoreDevis);
