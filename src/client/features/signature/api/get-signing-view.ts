import { useQuery } from '@tanstack/react-query';
import type { SigningView } from '#domain/schemas/signature.ts';
import { api, ApiError } from '#client/lib/api.ts';

export const signatureKeys = { view: (id: string) => ['signature', id] as const };

/** GET /api/devis/:id/signature: the quote as sent, its price and clauses, the prefilled signer. */
export function fetchSigningView(id: string, signal?: AbortSignal): Promise<SigningView> {
  return api<SigningView>(`/api/devis/${encodeURIComponent(id)}/signature`, { signal });
}

export function useSigningView(id: string) {
  return useQuery({
    queryKey: signatureKeys.view(id),
    queryFn: ({ signal }) => fetchSigningView(id, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}
