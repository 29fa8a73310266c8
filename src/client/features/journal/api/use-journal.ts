import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditRoutes } from '#domain/api-paths.ts';
import { journalResponseSchema } from '#domain/audit.ts';
import { api } from '#client/lib/api.ts';

export type JournalFilters = { devis?: string; compte?: string; type?: string; page?: number };

/** One page of the audit journal, newest first. */
export function useJournal(filters: JournalFilters) {
  return useQuery({
    queryKey: ['admin', 'journal', filters],
    queryFn: ({ signal }) => api(auditRoutes.journal, { query: filters, signal, answer: journalResponseSchema }),
    placeholderData: keepPreviousData,
  });
}
