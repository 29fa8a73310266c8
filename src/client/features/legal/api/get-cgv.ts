import { useQuery } from '@tanstack/react-query';
import { legalRoutes } from '#domain/api-paths.ts';
import { cgvSchema } from '#domain/schemas/legal.ts';
import { api } from '#client/lib/api.ts';

/** The terms of sale in force: their version, date, SHA-256 and Markdown text. */
export const fetchCgv = (signal?: AbortSignal) => api(legalRoutes.cgv, { signal, answer: cgvSchema });

/** Keyed by its API path: /cgv arrives prerendered with the answer under that key (#domain/page-data.ts). */
export function useCgv() {
  return useQuery({ queryKey: [legalRoutes.cgv.path], queryFn: ({ signal }) => fetchCgv(signal) });
}
