import { useNavigate, Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { normalizeStatut } from '#domain/statuses.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { useToast } from '#client/ui/toast.tsx';
import ui from '#client/ui/ui.module.css';
import { useCreateDraft } from '../api/use-invoice-mutations.ts';
import { useAdminInvoices } from '../api/use-invoices.ts';
import styles from './invoices.module.css';
import { KeepTogether } from '#client/ui/keep-together.tsx';
import type { Facture } from '#domain/schemas/invoices.ts';

/** On a quote's admin page: its invoices, and « Établir la facture » once the mission is under way or done. */
export function QuoteInvoiceAction({ devis }: { devis: { id: string; statut: string } }) {
  const statut = normalizeStatut(devis.statut);
  const invoiceable = statut === 'en cours' || statut === 'terminé';
  const invoices = useAdminInvoices({ devisId: devis.id, type: 'facture' });
  const create = useCreateDraft();
  const navigate = useNavigate();
  const toast = useToast();
  const items = invoices.data?.items ?? [];
  const standing = items.find((item) => item.etat !== 'annulée');
  if (!invoiceable && items.length === 0) return null;
  return (
    <div className={styles.links}>
      {items.map((item) => (
        <Link key={item.id} className={`${ui.button} ${ui.secondary}`} to={paths.adminFacture(item.id)}>
          <KeepTogether text={t.openInvoice(item.numero)} part={item.numero} />
        </Link>
      ))}
      {invoiceable && invoices.isSuccess && !standing ? (
        <Button
          isBusy={create.isPending}
          onClick={async () => {
            let facture: Facture | null;
            try {
              facture = await create.mutateAsync(devis.id);
            } catch (error) {
              toast.show(messageOf(error), 'error');
              return;
            }
            navigate(paths.adminFacture(facture!.id));
          }}
        >
          {t.createFromQuote}
        </Button>
      ) : null}
    </div>
  );
}
