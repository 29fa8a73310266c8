import { formatDay, parisToday } from '#domain/format.ts';
import { cancellationRequestedAt, concludedAtIn, depositKeepRefusal, hasStarted, isWithinWithdrawalPeriod } from '#domain/legal.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import { Message } from '#client/ui/message.tsx';
import { useRequestCancellation } from '../api/cancel.ts';
import { TwoStepPanel } from './two-step-panel.tsx';

/**
 * « Demander l’annulation » of a signed mission (general terms, article 13), once a consumer can
 * no longer withdraw (« Me rétracter » stands there until then) or for a business: what the terms
 * say of the deposit on this day, then the request, which the operator confirms by e-mail. Once
 * asked, the day it was.
 */
export function CancelPanel({ devis }: { devis: Devis }) {
  const mutation = useRequestCancellation();
  const asked = cancellationRequestedAt(mutation.data?.historique ?? devis.historique);
  if (devis.statut !== 'en cours' || hasStarted(devis.historique)) return null;
  if (asked) return <Message kind="info">{l.cancelRequested(formatDay(parisToday(new Date(asked))))}</Message>;
  const concludedAt = concludedAtIn(devis.historique);
  if (devis.clientType !== 'entreprise' && (!concludedAt || isWithinWithdrawalPeriod(concludedAt))) return null;
  const pickupDay = devis.datePriseEnCharge?.start?.slice(0, 10) ?? null;
  const depositBack = depositKeepRefusal({ pickupDay, today: parisToday(), withdrawalUntil: null }) !== null;
  return (
    <TwoStepPanel
      id="cancel-title"
      title={l.cancelTitle}
      intro={l.cancelIntro(devis.numeroDevis, pickupDay ? formatDay(pickupDay) : null, depositBack)}
      start={l.cancelButton}
      confirm={l.cancelConfirm}
      back={l.cancelBack}
      isPending={mutation.isPending}
      onConfirm={() => mutation.mutateAsync(devis.id)}
    />
  );
}
