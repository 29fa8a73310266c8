import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { startSync, syncStatus, type SyncEvent } from '#client/lib/offline-sender.ts';
import { useOfflineRecords } from '#client/lib/use-offline-records.ts';
import { expenseKeys } from '../api/use-expenses.ts';
import { listWaitingExpenses, type WaitingExpense } from './store.ts';
import './sync.ts';

export type WaitingExpenses = {
  waiting: WaitingExpense[];
  /** Every expense this phone holds, removed ones included: the server's copy of each is not shown, the phone's is newer. */
  onPhone: ReadonlySet<string>;
  isSending: boolean;
  sessionExpired: boolean;
};

const nothingWaiting: WaitingExpenses = { waiting: [], onPhone: new Set(), isSending: false, sessionExpired: false };
const readWaiting = async (): Promise<WaitingExpenses> => {
  const all = await listWaitingExpenses();
  return {
    // Those the operator removed are gone from the page; the sender finishes them.
    waiting: all.filter((expense) => !expense.removed),
    onPhone: new Set(all.map((expense) => expense.id)),
    isSending: syncStatus.running,
    sessionExpired: syncStatus.sessionExpired,
  };
};

/** The server's expenses but those this phone holds a newer state of (a change or a removal not sent yet). */
export const withoutThoseOnPhone = <T extends { id: string }>(depenses: readonly T[], onPhone: ReadonlySet<string>) =>
  onPhone.size === 0 ? depenses : depenses.filter((depense) => !onPhone.has(depense.id));

/**
 * The expenses this phone holds that the server does not have yet, read again after every step
 * of the shared sender; the lists are asked again whenever the server received one. Starts the
 * sender (now, on the network's return, every 15 s).
 */
export function useWaitingExpenses(): WaitingExpenses {
  const queryClient = useQueryClient();
  const refetchOnAnswer = useCallback(
    (event: SyncEvent) => {
      if (event.answer) void queryClient.invalidateQueries({ queryKey: expenseKeys.all });
    },
    [queryClient],
  );
  const waiting = useOfflineRecords(readWaiting, nothingWaiting, refetchOnAnswer);
  useEffect(() => {
    if (typeof indexedDB !== 'undefined') startSync();
  }, []);
  return waiting;
}
