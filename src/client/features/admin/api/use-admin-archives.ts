import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { archivesResponseSchema } from '#domain/schemas/admin.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from './keys.ts';

export function useAdminArchives() {
  return useQuery({
    queryKey: adminKeys.archives,
    queryFn: ({ signal }) => api<z.infer<typeof archivesResponseSchema>>('/api/admin/devis-archives', { signal }),
  });
}
