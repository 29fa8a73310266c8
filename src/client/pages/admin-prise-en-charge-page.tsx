import { AdminInspection } from './admin-inspection.tsx';

/** /admin/devis/{id}/prise-en-charge: the pickup inspection, on the operator's phone, even offline. */
export function AdminPriseEnChargePage() {
  return <AdminInspection etape="prise-en-charge" />;
}
