import { useState } from 'react';
import { expenseTexts as t } from '#domain/texts/expenses.ts';
import { Button } from '#client/ui/button.tsx';

/** « Supprimer », then « Confirmer la suppression » in its place: nothing is removed in one tap. */
export function ConfirmRemove({ onRemove, isBusy = false }: { onRemove: () => void; isBusy?: boolean }) {
  const [isConfirming, setIsConfirming] = useState(false);
  return isConfirming ? (
    <Button variant="danger" isBusy={isBusy} onClick={onRemove}>
      {t.confirmRemove}
    </Button>
  ) : (
    <Button variant="secondary" onClick={() => setIsConfirming(true)}>
      {t.remove}
    </Button>
  );
}
