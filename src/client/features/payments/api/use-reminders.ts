import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentsRoutes } from '#domain/api-paths.ts';
import { remindersSchema } from '#domain/schemas/payments.ts';
import { api } from '#client/lib/api.ts';
import { paymentKeys } from './use-payments.ts';

const remindersKey = (id: string) => [...paymentKeys.all, 'reminders', id] as const;

/** The automatic reminders of an invoice: those sent, and whether the administrator stopped them. */
export function useReminders(factureId: string) {
  return useQuery({
    queryKey: remindersKey(factureId),
    queryFn: ({ signal }) => api(paymentsRoutes.reminders, { params: { id: factureId }, signal, answer: remindersSchema }),
  });
}

/** Stops (`true`) or lets go again (`false`) the automatic reminders of an invoice. */
export function useSetReminders(factureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (arretees: boolean) =>
      api(paymentsRoutes.setReminders, { params: { id: factureId }, body: { arretees }, answer: remindersSchema }),
    onSuccess: (reminders) => queryClient.setQueryData(remindersKey(factureId), reminders),
  });
}
