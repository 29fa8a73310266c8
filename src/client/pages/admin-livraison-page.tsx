import { useParams } from 'react-router';
import { InspectionScreen } from '#client/features/missions/components/inspection-screen.tsx';

/** /admin/devis/{id}/livraison: the delivery inspection; completing it ends the mission. */
export function AdminLivraisonPage() {
  const { id = '' } = useParams();
  return <InspectionScreen id={id} etape="livraison" />;
}
