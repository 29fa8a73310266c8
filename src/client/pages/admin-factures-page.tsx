import { invoiceTexts } from '#domain/texts/invoices.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { InvoiceList } from '#client/features/invoices/components/invoice-list.tsx';

/** /admin/factures: invoices and credit notes, filtered by state, type and period, with totals. */
export function AdminFacturesPage() {
  return (
    <AdminSubpage title={invoiceTexts.listTitle}>
      <InvoiceList />
    </AdminSubpage>
  );
}
