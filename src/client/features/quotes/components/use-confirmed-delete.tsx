import { useState } from 'react';
import type { Devis } from '#domain/schemas/devis.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { ConfirmDialog } from '#client/ui/dialog.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useDeleteDevis } from '../api/delete-devis.ts';

/**
 * Deleting a quote, as both customer lists do it: ask, confirm in a dialog titled `title`,
 * then say how it went. Returns the dialog to render and what the list needs to drive it.
 */
export function useConfirmedDelete(title: string) {
  const remove = useDeleteDevis();
  const toast = useToast();
  const [toDelete, setToDelete] = useState<Devis | null>(null);

  const onConfirm = async () => {
    if (!toDelete) return;
    await toast.report(() => remove.mutateAsync(toDelete.id), t.deleted, t.deleteFailure);
    setToDelete(null);
  };

  const dialog = (
    <ConfirmDialog
      isOpen={toDelete !== null}
      title={title}
      confirmLabel={t.delete}
      cancelLabel={t.cancel}
      isDanger
      isBusy={remove.isPending}
      onConfirm={onConfirm}
      onCancel={() => setToDelete(null)}
    >
      {toDelete ? <p>{t.quoteNumber(toDelete.numeroDevis)}</p> : null}
    </ConfirmDialog>
  );

  return {
    askToDelete: setToDelete,
    isDeleting: (id: string) => remove.isPending && remove.variables === id,
    dialog,
  };
}
