import { useQuery } from '@tanstack/react-query';
import { trackingRoutes } from '#domain/api-paths.ts';
import { trackingViewSchema, type TrackingView } from '#domain/schemas/tracking.ts';
import { api } from '#client/lib/api.ts';

/** The view is read again every minute while the page is shown: the phone sends a position every 5 minutes or 1 km. */
const REFRESH_MS = 60_000;

/** A view of a mission's tracking, under `queryKey`, read again every minute; a failed read is not retried. */
function useTrackingView(queryKey: readonly string[], read: (signal: AbortSignal) => Promise<TrackingView>) {
  return useQuery({ queryKey, queryFn: ({ signal }) => read(signal), refetchInterval: REFRESH_MS, retry: false });
}

/** The receiver's view of a mission, by the token of his link. */
export function useReceiverTracking(token: string) {
  return useTrackingView(['tracking', 'receiver', token], (signal) =>
    api(trackingRoutes.receiver, { params: { token }, signal, answer: trackingViewSchema }),
  );
}

/** The customer's view of his mission in progress (404 until the pickup). */
export function useCustomerTracking(id: string) {
  return useTrackingView(['tracking', 'customer', id], (signal) =>
    api(trackingRoutes.customer, { params: { id }, signal, answer: trackingViewSchema }),
  );
}
