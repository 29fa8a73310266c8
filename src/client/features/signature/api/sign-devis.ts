import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signaturesRoutes } from '#domain/api-paths.ts';
import { devisSchema } from '#domain/schemas/devis.ts';
import type { SignBody } from '#domain/schemas/signature.ts';
import { api } from '#client/lib/api.ts';

/** envoyé → en cours, signed and sealed. */
export const signDevis = ({ id, body }: { id: string; body: SignBody }) =>
  api(signaturesRoutes.sign, { params: { id }, body, answer: devisSchema });

export function useSignDevis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signDevis,
    // The quote changed everywhere it is shown (list, detail); this page keeps its own view,
    // which now shows the signed document, until it is opened again.
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'signature' }),
  });
}
