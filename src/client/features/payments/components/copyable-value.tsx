import { useEffect, useState } from 'react';
import { paymentPageTexts as t } from '#domain/texts/payments.ts';
import { Button } from '#client/ui/button.tsx';
import styles from './payment-view.module.css';

const canCopy = () => typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';

/**
 * A value of the transfer (IBAN, reference) with « Copier » beside it, to paste in the bank's app
 * on the same phone; « Copié » says it worked. `copied` is what goes to the clipboard (the IBAN
 * without its spaces). Without a clipboard (a page not served over HTTPS), the value alone.
 */
export function CopyableValue({ value, copied = value, label }: { value: string; copied?: string; label: string }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), 2000);
    return () => clearTimeout(timer);
  }, [done]);
  if (!canCopy()) return value;
  return (
    <span className={styles.copyable}>
      <span>{value}</span>
      <Button
        variant="secondary"
        className={styles.copy}
        aria-label={done ? t.copied : t.copyLabel(label)}
        onClick={() => void navigator.clipboard.writeText(copied).then(() => setDone(true))}
      >
        <span aria-live="polite">{done ? t.copied : t.copy}</span>
      </Button>
    </span>
  );
}
