import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { viewerResponseSchema } from '../../../../domain/schemas/accounts.ts';
import { api } from '../../../lib/api.ts';

export type SessionResponse = z.infer<typeof viewerResponseSchema>;
export const sessionQueryKey = ['session'] as const;

export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => api<SessionResponse>('/api/me', { signal }),
    staleTime: 60_000,
  });
}
