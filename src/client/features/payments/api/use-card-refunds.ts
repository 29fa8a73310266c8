import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentsRoutes } from '#domain/api-paths.ts';
import { cardRefundsSchema } from '#domain/schemas/payments.ts';
import { api } from '#client/lib/api.ts';
import { invoiceQueryRoot } from '#client/lib/invoice-query-root.ts';
import { paymentKeys } from './use-payments.ts';

const cardRefundsKey = (id: string) => [...paymentKeys.all, 'card-refunds', id] as const;

/** A withdrawal's refunds by card on an invoice, and where the provider is with each. */
export function useCardRefunds(factureId: string) {
  return useQuery({
    queryKey: cardRefundsKey(factureId),
    queryFn: ({ signal }) => api(paymentsRoutes.cardRefunds, { params: { id: factureId }, signal, answer: cardRefundsSchema }),
  });
}

/** « Rembourser par carte »: the provider is asked; the answer is the refunds' new state. */
export function useMakeCardRefund(factureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paiementId: string) =>
      api(paymentsRoutes.makeCardRefund, { params: { id: factureId }, body: { paiementId }, answer: cardRefundsSchema }),
    onSuccess: (refunds) => queryClient.setQueryData(cardRefundsKey(factureId), refunds),
    // Whatever the provider said (a refusal too), what is to do has changed or is to be read again,
    // and so have the invoice's payments once money given back is recorded (its page, the lists).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cardRefundsKey(factureId) }),
        queryClient.invalidateQueries({ queryKey: invoiceQueryRoot }),
      ]),
  });
}
