import { formatCentimes, formatDay, formatParisDate } from '#domain/format.ts';
import { withdrawalRefundDeadline } from '#domain/legal.ts';
import type { CardRefunds as CardRefundsAnswer } from '#domain/schemas/payments.ts';
import { cardRefundTexts as t } from '#domain/texts/payments.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';
import { TitledSection } from '#client/ui/titled-section.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useCardRefunds, useMakeCardRefund } from '../api/use-card-refunds.ts';

/**
 * On an invoice's back-office page, what goes back on the card that paid: a deposit withdrawn
 * from (L221-24: by the same means, within 14 days), or money received beyond what the invoice is
 * owed (the operator's call); where the provider is with it, and « Rembourser par carte » while it
 * is to do or failed. The provider's answer and notifications are the word on it.
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
          {data.remboursements.some((refund) => refund.motif === 'rétractation') ? <p>{t.intro}</p> : null}
          {data.remboursements.some((refund) => refund.motif === 'trop-perçu' && refund.statut !== 'effectué') ? (
            <p>{t.excessIntro}</p>
          ) : null}
          <ul>
            {data.remboursements.map((refund) => (
              <li key={refund.paiementId}>
                <p>
                  {(refund.motif === 'rétractation' ? t.line : t.excessLine)(
                    formatCentimes(refund.montantCentimes),
                    formatDay(refund.date),
                  )}
                  <br />
                  <strong>{refund.statut && refund.majLe ? t.states[refund.statut](formatParisDate(refund.majLe)) : toDo(refund)}</strong>
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

/** What is to do with a refund not asked yet: a withdrawal's before its deadline; money received in excess, if he decides to. */
function toDo(refund: CardRefundsAnswer['remboursements'][number]) {
  return refund.motif === 'rétractation' ? t.toDo(formatDay(withdrawalRefundDeadline(refund.date))) : t.excessToDo;
}
