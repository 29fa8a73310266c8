import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { texts } from '#domain/texts/common.ts';

// Loaded with the page (see admin-missions-page.tsx): the home page's first bundle stays as it was.
const InspectionScreen = lazy(() =>
  import('#client/features/missions/components/inspection-screen.tsx').then((module) => ({ default: module.InspectionScreen })),
);

/** /admin/devis/{id}/prise-en-charge: the pickup inspection, on the operator's phone, even offline. */
export function AdminPriseEnChargePage() {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<p role="status">{texts.loading}</p>}>
      <InspectionScreen id={id} etape="prise-en-charge" />
    </Suspense>
  );
}
