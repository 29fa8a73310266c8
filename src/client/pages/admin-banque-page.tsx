import { bankPageTexts } from '#domain/texts/payments.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { BankView } from '#client/features/payments/components/bank-view.tsx';

/** /admin/banque: bank statements imported and matched to the invoices, debits for the mission costs. */
export function AdminBanquePage() {
  return (
    <AdminSubpage title={bankPageTexts.title}>
      <BankView />
    </AdminSubpage>
  );
}
