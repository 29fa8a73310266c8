import { useQuery } from '@tanstack/react-query';
import { signaturesRoutes } from '#domain/api-paths.ts';
import { signingViewSchema } from '#domain/schemas/signature.ts';
import { api, ApiError } from '#client/lib/api.ts';

export const signatureKeys = { view: (id: string) => ['signature', id] as const };

/** The quote as sent, its price and clauses, the prefilled signer. */
export const fetchSigningView = (id: string, signal?: AbortSignal) =>
  api(signaturesRoutes.signingView, { params: { id }, signal, answer: signingViewSchema });

export function useSigningView(id: string) {
  return useQuery({
    queryKey: signatureKeys.view(id),
    queryFn: ({ signal }) => fetchSigningView(id, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}
