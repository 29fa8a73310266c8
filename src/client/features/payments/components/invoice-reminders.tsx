import { formatParisDate } from '#domain/format.ts';
import { invoiceRemindersTexts as t } from '#domain/texts/payments.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';
import { TitledSection } from '#client/ui/titled-section.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useReminders, useSetReminders } from '../api/use-reminders.ts';

/**
 * An invoice still due, on its back-office page: the automatic reminders that went out, and the
 * switch that stops them for this invoice (a customer who has promised to pay, a dispute) or lets
 * them go again. The daily task sends nothing for an invoice whose reminders are stopped.
 */
export function InvoiceReminders({ factureId }: { factureId: string }) {
  const reminders = useReminders(factureId);
  const change = useSetReminders(factureId);
  const toast = useToast();
  const data = reminders.data;
  return (
    <TitledSection title={t.title}>
      <QueryStatus query={reminders} loading={t.loading} />
      {data ? (
        <>
          <p>{data.arretees ? t.stopped : t.active}</p>
          {data.envoyees.length > 0 ? (
            <>
              <h3>{t.sentTitle}</h3>
              <ul>
                {data.envoyees.map((sent) => (
                  <li key={sent.etape}>{t.sentOn(t.steps[sent.etape], formatParisDate(sent.envoyeeLe))}</li>
                ))}
              </ul>
            </>
          ) : null}
          <Button
            variant="secondary"
            isBusy={change.isPending}
            onClick={() =>
              change.mutate(!data.arretees, {
                onSuccess: (now) => toast.show(now.arretees ? t.stoppedDone : t.resumedDone, 'success'),
              })
            }
          >
            {data.arretees ? t.resume : t.stop}
          </Button>
          {change.isError ? <Message kind="error">{messageOf(change.error)}</Message> : null}
        </>
      ) : null}
    </TitledSection>
  );
}
