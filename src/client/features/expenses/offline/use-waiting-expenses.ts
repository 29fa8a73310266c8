import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onSyncChange, startSync, syncStatus } from '#client/lib/offline-sender.ts';
import { expenseKeys } from '../api/use-expenses.ts';
import { listWaitingExpenses, type WaitingExpense } from './store.ts';
import './sync.ts';

export type WaitingExpenses = { waiting: WaitingExpense[]; isSending: boolean; sessionExpired: boolean };

/**
 * The expenses this phone holds that the server does not have yet, read again after every step
 * of the shared sender; the lists are asked again whenever the server received one. Starts the
 * sender (now, on the network's return, every 15 s).
 */
export function useWaitingExpenses(): WaitingExpenses {
  const queryClient = useQueryClient();
  const [state, setState] = useState<WaitingExpenses>({ waiting: [], isSending: false, sessionExpired: false });
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let isMounted = true;
    const read = () =>
      void listWaitingExpenses().then(
        (waiting) => {
          if (isMounted) setState({ waiting, isSending: syncStatus.running, sessionExpired: syncStatus.sessionExpired });
        },
        // A browser that refuses IndexedDB (private mode) holds nothing.
        () => undefined,
      );
    read();
    const stop = onSyncChange((event) => {
      read();
      if (event.answer) void queryClient.invalidateQueries({ queryKey: expenseKeys.all });
    });
    startSync();
    return () => {
      isMounted = false;
      stop();
    };
  }, [queryClient]);
  return state;
}
