import { Link, useParams } from 'react-router';
import { isStillToPay } from '#domain/invoices.ts';
import { paths } from '#domain/paths.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { InvoicePlatform } from '#client/features/einvoicing/components/invoice-platform.tsx';
import { useInvoice } from '#client/features/invoices/api/use-invoices.ts';
import { EtatBadge } from '#client/features/invoices/components/etat-badge.tsx';
import { InvoiceEditor } from '#client/features/invoices/components/invoice-editor.tsx';
import { InvoiceView } from '#client/features/invoices/components/invoice-view.tsx';
import { CardRefunds } from '#client/features/payments/components/card-refunds.tsx';
import { InvoiceReminders } from '#client/features/payments/components/invoice-reminders.tsx';
import { messageOf } from '#client/lib/api.ts';
import { KeepTogether } from '#client/ui/keep-together.tsx';

/** /admin/factures/{id}: a draft to edit and issue, or an issued invoice or credit note with its PDF, payments, credit notes, while due its automatic reminders, and a withdrawal's refund by card. */
export function AdminFacturePage() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const facture = invoice.data;
  const title = facture ? t.detailTitle(facture.type, facture.numero) : t.listTitle;
  return (
    <AdminSubpage
      title={title}
      heading={<KeepTogether text={title} part={facture?.numero} />}
      loading={invoice.isPending && t.loading}
      failure={invoice.isError && messageOf(invoice.error)}
    >
      <p>
        <Link to={paths.adminFactures}>{t.backToList}</Link>
      </p>
      {facture ? (
        <>
          {facture.etat ? <EtatBadge etat={facture.etat} /> : null}
          {facture.statut === 'brouillon' ? <InvoiceEditor key={facture.id} facture={facture} /> : <InvoiceView facture={facture} />}
          {facture.statut === 'émise' && isStillToPay(facture.etat) ? <InvoiceReminders factureId={facture.id} /> : null}
          {/* Paid by card, and a refund made or money received in excess: it may go back on the card. */}
          {facture.statut === 'émise' &&
          facture.paiements.some((paiement) => paiement.moyen === 'carte') &&
          (facture.resteCentimes < 0 || facture.paiements.some((paiement) => paiement.montantCentimes < 0)) ? (
            <CardRefunds factureId={facture.id} />
          ) : null}
          {facture.statut === 'émise' ? <InvoicePlatform factureId={facture.id} /> : null}
        </>
      ) : null}
    </AdminSubpage>
  );
}
