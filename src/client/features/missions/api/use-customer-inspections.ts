import { useQuery } from '@tanstack/react-query';
import type { CustomerInspections } from '#domain/schemas/missions.ts';
import { api } from '#client/lib/api.ts';
import { missionKeys } from './keys.ts';

/** GET /api/devis/{id}/etats-des-lieux: the completed inspections of the customer's quote. */
export function useCustomerInspections(id: string, enabled: boolean) {
  return useQuery({
    queryKey: missionKeys.customer(id),
    queryFn: ({ signal }) => api<CustomerInspections>(`/api/devis/${encodeURIComponent(id)}/etats-des-lieux`, { signal }),
    enabled,
  });
}
