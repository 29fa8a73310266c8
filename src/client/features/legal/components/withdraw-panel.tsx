import { formatDay } from '#domain/format.ts';
import { concludedAtIn, isWithinWithdrawalPeriod, withdrawalDeadline } from '#domain/legal.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { canApply } from '#domain/statuses.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import { Message } from '#client/ui/message.tsx';
import { useWithdraw } from '../api/withdraw.ts';
import { TwoStepPanel } from './two-step-panel.tsx';

/**
 * « Me rétracter » on a consumer's signed quote, for the whole withdrawal period (L221-21 as
 * amended in 2026): the button, then a separate « Confirmer la rétractation » step; the server
 * decides and sends the receipt. Shown only when the server would accept it.
 */
export function WithdrawPanel({ devis }: { devis: Devis }) {
  const mutation = useWithdraw();
  const concludedAt = concludedAtIn(devis.historique);

  if (mutation.isSuccess) {
    const at = mutation.data.historique?.at(-1)?.at ?? new Date().toISOString();
    return <Message kind="success">{l.withdrawn(formatDay(at.slice(0, 10)))}</Message>;
  }
  if (
    devis.clientType === 'entreprise' ||
    !concludedAt ||
    !canApply('customer', 'withdraw', devis.statut) ||
    !isWithinWithdrawalPeriod(concludedAt)
  ) {
    return null;
  }
  return (
    <TwoStepPanel
      id="withdraw-title"
      title={l.withdrawTitle}
      intro={l.withdrawIntro(devis.numeroDevis, formatDay(withdrawalDeadline(concludedAt)))}
      start={l.withdrawButton}
      confirm={l.withdrawConfirm}
      back={l.withdrawCancel}
      isPending={mutation.isPending}
      onConfirm={() => mutation.mutateAsync(devis.id)}
    />
  );
}
