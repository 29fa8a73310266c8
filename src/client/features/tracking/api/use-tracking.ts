import { useQuery } from '@tanstack/react-query';
import { trackingRoutes } from '#domain/api-paths.ts';
import { trackingViewSchema } from '#domain/schemas/tracking.ts';
import { api } from '#client/lib/api.ts';

/** The view is read again every minute while the page is shown: the phone sends a position every 5 minutes or 1 km. */
const REFRESH_MS = 60_000;

/** The receiver's view of a mission, by the token of his link. */
export function useReceiverTracking(token: string) {
  return useQuery({
    queryKey: ['tracking', 'receiver', token],
    queryFn: ({ signal }) => api(trackingRoutes.receiver, { params: { token }, signal, answer: trackingViewSchema }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
}

/** The customer's view of his mission in progress (404 until the pickup). */
export function useCustomerTracking(id: string) {
  return useQuery({
    queryKey: ['tracking', 'customer', id],
    queryFn: ({ signal }) => api(trackingRoutes.customer, { params: { id }, signal, answer: trackingViewSchema }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
}
