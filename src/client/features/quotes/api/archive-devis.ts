import type { Devis } from '#domain/schemas/devis.ts';
import { api } from '#client/lib/api.ts';
import { useDevisMutation } from './use-devis-mutation.ts';

/** POST /api/devis/:id/archiver: en attente → archivé. */
export const archiveDevis = (id: string) => api<Devis>(`/api/devis/${encodeURIComponent(id)}/archiver`, { method: 'POST' });

export const useArchiveDevis = () => useDevisMutation(archiveDevis);
