import { AdminInspection } from './admin-inspection.tsx';

/** /admin/devis/{id}/livraison: the delivery inspection; completing it ends the mission. */
export function AdminLivraisonPage() {
  return <AdminInspection etape="livraison" />;
}
