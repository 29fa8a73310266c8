import { useEffect, useId, useRef, type ReactNode } from 'react';
import { texts } from '#domain/texts/common.ts';
import { Button } from './button.tsx';
import styles from './ui.module.css';

type DialogProps = {
  isOpen: boolean;
  title: string;
  /** Escape, or a cancel button of the body. */
  onCancel: () => void;
  children: ReactNode;
};

/** A modal built on <dialog>: focus trap, Escape and backdrop come from the browser. */
export function Dialog({ isOpen, title, onCancel, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  isDanger?: boolean;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes-or-no question in a Dialog. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel = texts.confirm,
  cancelLabel = texts.cancel,
  isDanger = false,
  isBusy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog isOpen={isOpen} title={title} onCancel={onCancel}>
      {children}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant={isDanger ? 'danger' : 'primary'} onClick={onConfirm} isBusy={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
