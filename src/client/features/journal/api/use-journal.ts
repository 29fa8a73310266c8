import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { JournalResponse } from '#domain/audit.ts';
import { api } from '#client/lib/api.ts';

export type JournalFilters = { devis?: string; compte?: string; type?: string; page?: number };

/** GET /api/admin/journal: one page of the audit journal, newest first. */
export function useJournal(filters: JournalFilters) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, String(value));
  const search = query.toString();
  return useQuery({
    queryKey: ['admin', 'journal', search],
    queryFn: ({ signal }) => api<JournalResponse>(`/api/admin/journal${search ? `?${search}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
