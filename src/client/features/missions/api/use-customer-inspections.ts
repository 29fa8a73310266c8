import { useQuery } from '@tanstack/react-query';
import { missionsRoutes } from '#domain/api-paths.ts';
import { customerInspectionsSchema } from '#domain/schemas/missions.ts';
import { api } from '#client/lib/api.ts';
import { missionKeys } from './keys.ts';

/** The completed inspections of the customer's quote. */
export function useCustomerInspections(id: string, enabled: boolean) {
  return useQuery({
    queryKey: missionKeys.customer(id),
    queryFn: ({ signal }) => api(missionsRoutes.customerInspections, { params: { id }, signal, answer: customerInspectionsSchema }),
    enabled,
  });
}
