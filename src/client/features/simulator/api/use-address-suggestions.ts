import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AddressSuggestionDto } from '../../../../domain/schemas/simulation.ts';
import { api } from '../../../lib/api.ts';

const getAddressSuggestions = (q: string, signal: AbortSignal) =>
  api<AddressSuggestionDto[]>(`/api/adresses?q=${encodeURIComponent(q)}`, { signal });

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

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
