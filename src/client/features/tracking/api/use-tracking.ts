import { useQuery, type Query } from '@tanstack/react-query';
import { trackingRoutes } from '#domain/api-paths.ts';
import { trackingViewSchema, type TrackingView } from '#domain/schemas/tracking.ts';
import { api, ApiError } from '#client/lib/api.ts';

/** The view is read again every minute while the page is shown: the phone sends a position every 5 minutes or 1 km. */
const REFRESH_MS = 60_000;
/** Before the pickup (the customer's 404) a minute is not needed: the pickup is planned, and a tap on the tab reads it again. */
const NOT_STARTED_REFRESH_MS = 5 * 60_000;

/** Whether the server said there is nothing to follow (yet, for the customer; any more, for a receiver's link). */
export const isNothingToFollow = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A view of a mission's tracking, under `queryKey`, read again every minute, or every
 * `whileNothing` ms (false: never) while the server says there is nothing to follow; a failed
 * read is not retried.
 */
function useTrackingView(queryKey: readonly string[], read: (signal: AbortSignal) => Promise<TrackingView>, whileNothing: number | false) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => read(signal),
    refetchInterval: (query: Query<TrackingView>) => (isNothingToFollow(query.state.error) ? whileNothing : REFRESH_MS),
    retry: false,
  });
}

/** The receiver's view of a mission, by the token of his link: a link ended or wrong (404) is not read again. */
export function useReceiverTracking(token: string) {
  return useTrackingView(
    ['tracking', 'receiver', token],
    (signal) => api(trackingRoutes.receiver, { params: { token }, signal, answer: trackingViewSchema }),
    false,
  );
}

/** The customer's view of his mission in progress (404 until the pickup, read again every 5 minutes until then). */
export function useCustomerTracking(id: string) {
  return useTrackingView(
    ['tracking', 'customer', id],
    (signal) => api(trackingRoutes.customer, { params: { id }, signal, answer: trackingViewSchema }),
    NOT_STARTED_REFRESH_MS,
  );
}
