import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { texts } from '#domain/texts/common.ts';
import { KeepTogether } from './keep-together.tsx';
import styles from './ui.module.css';

type ToastKind = 'success' | 'error' | 'info';
type Toast = { id: number; kind: ToastKind; message: string; keep?: string };
type Failure = string | ((error: unknown) => string);

/**
 * The request never reached the server (lib/api.ts's ApiError with code 'network', told apart
 * here without importing the API client): the action's own failure text says what failed, the
 * network's says why and what to do, so a phone in a tunnel reads both.
 */
function failureMessage(failure: Failure, error: unknown): string {
  const message = typeof failure === 'string' ? failure : failure(error);
  const unreachable = error instanceof Error && (error as { code?: unknown }).code === 'network';
  return unreachable && !message.includes(texts.networkError) ? `${message} ${texts.networkError}` : message;
}

/**
 * `keep`: a part of the message kept on one line (an invoice number, keep-together.tsx).
 * `report`: awaits an action (a mutation), then says how it went: `success`, or `failure` (a
 * text, or one made from the error: `messageOf` for the server's; without network, followed by
 * the network's message); resolves to whether it
 * succeeded. `attempt`: the same, saying only a failure. (`messageOf` is not the default: this
 * module is in the home page's first bundle, the API client is not.)
 */
type ToastApi = {
  show: (message: string, kind?: ToastKind, keep?: string) => void;
  report: (action: () => Promise<unknown>, success: string, failure: Failure) => Promise<boolean>;
  attempt: (action: () => Promise<unknown>, failure: Failure) => Promise<boolean>;
};

const ToastContext = createContext<ToastApi | null>(null);
let nextId = 1;

/** Messages that replace window.alert: announced by screen readers, dismissed after a while. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (message: string, kind: ToastKind = 'info', keep?: string) => {
      const id = nextId++;
      setToasts((all) => [...all, { id, kind, message, keep }]);
      window.setTimeout(() => dismiss(id), kind === 'error' ? 10_000 : 6_000);
    },
    [dismiss],
  );
  const value = useMemo<ToastApi>(() => {
    async function attempt(action: () => Promise<unknown>, failure: Failure) {
      try {
        await action();
      } catch (error) {
        show(failureMessage(failure, error), 'error');
        return false;
      }
      return true;
    }
    async function report(action: () => Promise<unknown>, success: string, failure: Failure) {
      const succeeded = await attempt(action, failure);
      if (succeeded) show(success, 'success');
      return succeeded;
    }
    return { show, report, attempt };
  }, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className={styles.toasts} role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`${styles.toast} ${styles[`toast-${toast.kind}`]}`}>
            <span>
              <KeepTogether text={toast.message} part={toast.keep} />
            </span>
            <button type="button" className={styles.toastClose} onClick={() => dismiss(toast.id)} aria-label={texts.closeMessage}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
