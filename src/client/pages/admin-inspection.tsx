import { Suspense } from 'react';
import { useParams } from 'react-router';
import type { Etape } from '#domain/schemas/missions.ts';
import { texts } from '#domain/texts/common.ts';
import { preloaded } from '#client/lib/preloaded.tsx';

// Loaded with the page (see admin-missions-page.tsx): the home page's first bundle stays as it was.
const InspectionScreen = preloaded(() =>
  import('#client/features/missions/components/inspection-screen.tsx').then((module) => module.InspectionScreen),
);

/** The body of the two inspection pages (admin-prise-en-charge-page.tsx, admin-livraison-page.tsx): the quote's id from the address. */
export function AdminInspection({ etape }: { etape: Etape }) {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<p role="status">{texts.loading}</p>}>
      <InspectionScreen id={id} etape={etape} />
    </Suspense>
  );
}
