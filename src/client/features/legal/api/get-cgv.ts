import { useQuery } from '@tanstack/react-query';
import { legalRoutes } from '#domain/api-paths.ts';
import { cgvSchema } from '#domain/schemas/legal.ts';
import { api } from '#client/lib/api.ts';

/** The terms of sale in force: their version, date, SHA-256 and Markdown text. */
export const fetchCgv = (signal?: AbortSignal) => api(legalRoutes.cgv, { signal, answer: cgvSchema });

export function useCgv() {
  return useQuery({ queryKey: ['cgv'], queryFn: ({ signal }) => fetchCgv(signal) });
}
