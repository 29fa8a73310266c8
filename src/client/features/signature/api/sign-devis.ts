import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Devis } from '#domain/schemas/devis.ts';
import type { SignBody } from '#domain/schemas/signature.ts';
import { api } from '#client/lib/api.ts';

/** POST /api/devis/:id/signer: envoyé → en cours, signed and sealed. */
export function signDevis({ id, body }: { id: string; body: SignBody }): Promise<Devis> {
  return api<Devis>(`/api/devis/${encodeURIComponent(id)}/signer`, { method: 'POST', body });
}

export function useSignDevis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signDevis,
    // The quote changed everywhere it is shown (list, detail); this page keeps its own view,
    // which now shows the signed document, until it is opened again.
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'signature' }),
  });
}
