import { useParams } from 'react-router';
import { InspectionScreen } from '#client/features/missions/components/inspection-screen.tsx';

/** /admin/devis/{id}/prise-en-charge: the pickup inspection, on the operator's phone, even offline. */
export function AdminPriseEnChargePage() {
  const { id = '' } = useParams();
  return <InspectionScreen id={id} etape="prise-en-charge" />;
}
