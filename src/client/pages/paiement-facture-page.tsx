import { useParams } from 'react-router';
import { PaymentView } from '#client/features/payments/components/payment-view.tsx';

/** /factures/:id/paiement: an invoice of the customer's to pay, by card or by transfer. */
export function PaiementFacturePage() {
  const { id = '' } = useParams();
  return <PaymentView id={id} />;
}
