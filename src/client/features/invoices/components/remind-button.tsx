import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useSendReminder } from '../api/use-invoice-mutations.ts';

/** Sends a reminder e-mail for one invoice, from the list or from its page; the outcome in a toast. */
export function RemindButton({ invoiceId }: { invoiceId: string }) {
  const remind = useSendReminder();
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      isBusy={remind.isPending}
      onClick={() => toast.report(() => remind.mutateAsync(invoiceId), t.reminded, messageOf)}
    >
      {t.remind}
    </Button>
  );
}
