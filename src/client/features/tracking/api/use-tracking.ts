import { useQuery } from '@tanstack/react-query';
import { trackingRoutes } from '#domain/api-paths.ts';
import { trackingViewSchema } from '#domain/schemas/tracking.ts';
import { api } from '#client/lib/api.ts';

/** The receiver's view of a mission, by the token of his link; read again every minute. */
export function useReceiverTracking(token: string) {
  return useQuery({
    queryKey: ['tracking', 'receiver', token],
    queryFn: ({ signal }) => api(trackingRoutes.receiver, { params: { token }, signal, answer: trackingViewSchema }),
    refetchInterval: 60_000,
    retry: false,
  });
}
