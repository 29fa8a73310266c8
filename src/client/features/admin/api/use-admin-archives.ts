import { useQuery } from '@tanstack/react-query';
import { quotesRoutes } from '#domain/api-paths.ts';
import { archivesResponseSchema } from '#domain/schemas/admin.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

export function useAdminArchives() {
  return useQuery({
    queryKey: adminKeys.archives,
    queryFn: ({ signal }) => api(quotesRoutes.adminListArchived, { signal, answer: archivesResponseSchema }),
  });
}
