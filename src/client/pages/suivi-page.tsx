import { useParams } from 'react-router';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { isNothingToFollow, useReceiverTracking } from '#client/features/tracking/api/use-tracking.ts';
import { TrackingSummary } from '#client/features/tracking/components/tracking-view.tsx';
import { withQueryClient } from '#client/lib/query-client.tsx';
import { Page } from '#client/ui/page.tsx';

/** /suivi/{token}: the receiver follows the vehicle without an account. */
export const SuiviPage = withQueryClient(function SuiviPage() {
  const { token = '' } = useParams();
  const tracking = useReceiverTracking(token);
  const view = tracking.data;
  if (!view) {
    return (
      <Page title={k.title}>
        <p aria-live="polite">{tracking.isPending ? k.loading : isNothingToFollow(tracking.error) ? k.notFound : k.loadFailed}</p>
      </Page>
    );
  }
  return (
    <Page title={k.title} heading={k.receiverTitle(view.numeroDevis)}>
      <TrackingSummary view={view} />
    </Page>
  );
});
