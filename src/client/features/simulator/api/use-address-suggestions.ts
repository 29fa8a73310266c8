import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { addressesRoutes } from '#domain/api-paths.ts';
import type { AddressSuggestionDto } from '#domain/schemas/simulation.ts';
import { api, trusted } from '#client/lib/api.ts';
import { useDebounced } from '#client/lib/use-debounced.ts';

const getAddressSuggestions = (q: string, signal: AbortSignal) =>
  api(addressesRoutes.suggest, { query: { q }, signal, answer: trusted<AddressSuggestionDto[]>() });

export function useAddressSuggestions(text: string) {
  const q = useDebounced(text.trim(), 150);
  return useQuery({
    queryKey: ['adresses', q],
    queryFn: ({ signal }) => getAddressSuggestions(q, signal),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
