import { formatCentimes, formatDay, formatParisDate } from '#domain/format.ts';
import { withdrawalRefundDeadline } from '#domain/legal.ts';
import { cardRefundTexts as t } from '#domain/texts/payments.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';
import { TitledSection } from '#client/ui/titled-section.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useCardRefunds, useMakeCardRefund } from '../api/use-card-refunds.ts';

/**
 * A deposit paid by card and withdrawn from, on its back-office page: what goes back on the card
 * (L221-24: by the same means, within 14 days), where the provider is with it, and « Rembourser
 * par carte » while it is to do or failed. The provider's answer and notifications are the word
 * on it; the books show the refund since the withdrawal.
 */
export function CardRefunds({ factureId }: { factureId: string }) {
  const refunds = useCardRefunds(factureId);
  const make = useMakeCardRefund(factureId);
  const toast = useToast();
  const data = refunds.data;
  if (data && data.remboursements.length === 0) return null;
  return (
    <TitledSection title={t.title}>
      <QueryStatus query={refunds} loading={t.loading} />
      {data ? (
        <>
          <p>{t.intro}</p>
          <ul>
            {data.remboursements.map((refund) => (
              <li key={refund.paiementId}>
                <p>
                  {t.line(formatCentimes(refund.montantCentimes), formatDay(refund.date))}
                  <br />
                  <strong>{refund.statut ? t.states[refund.statut] : t.toDo(formatDay(withdrawalRefundDeadline(refund.date)))}</strong>
                  {refund.majLe ? ` ${t.updatedOn(formatParisDate(refund.majLe))}` : null}
                </p>
                {data.fournisseur && (refund.statut === null || refund.statut === 'échoué') ? (
                  <Button
                    isBusy={make.isPending && make.variables === refund.paiementId}
                    disabled={make.isPending}
                    onClick={() =>
                      make.mutate(refund.paiementId, {
                        onSuccess: (now) => {
                          const made = now.remboursements.find((one) => one.paiementId === refund.paiementId);
                          toast.show(made?.statut === 'effectué' ? t.madeDone : t.made, 'success');
                        },
                      })
                    }
                  >
                    {t.make(formatCentimes(refund.montantCentimes))}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {data.fournisseur ? null : <Message kind="info">{t.noProvider}</Message>}
          {make.isError ? <Message kind="error">{messageOf(make.error)}</Message> : null}
        </>
      ) : null}
    </TitledSection>
  );
}
