import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expensesRoutes, paymentsRoutes } from '#domain/api-paths.ts';
import { debitProposalsSchema, depenseSchema, type DebitExpense } from '#domain/schemas/expenses.ts';
import {
  bankOverviewSchema,
  checkoutAnswerSchema,
  importSummarySchema,
  operationSchema,
  paymentPageSchema,
  type ImportSummary,
} from '#domain/schemas/payments.ts';
import { internalErrorMessage, texts } from '#domain/texts/common.ts';
import { api, ApiError, urlOf } from '#client/lib/api.ts';

/** Query keys of the payment pages; every change invalidates `paymentKeys.all`. */
export const paymentKeys = {
  all: ['payments'] as const,
  page: (id: string) => ['payments', 'page', id] as const,
  bank: ['payments', 'bank'] as const,
  debitProposals: ['payments', 'debit-proposals'] as const,
};

/** An invoice to pay; while a card payment is being confirmed (`waiting`), asked again every few seconds. */
export function usePaymentPage(id: string, { waiting = false } = {}) {
  return useQuery({
    queryKey: paymentKeys.page(id),
    queryFn: ({ signal }) => api(paymentsRoutes.page, { params: { id }, signal, answer: paymentPageSchema }),
    retry: false,
    refetchInterval: (query) => (waiting && (query.state.data?.facture.resteCentimes ?? 0) > 0 ? 3000 : false),
  });
}

/** « Payer en ligne »: the provider's page, opened in place of ours. */
export function useStartOnlinePayment(id: string) {
  return useMutation({
    mutationFn: () => api(paymentsRoutes.startOnline, { params: { id }, answer: checkoutAnswerSchema }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useBank() {
  return useQuery({
    queryKey: paymentKeys.bank,
    queryFn: ({ signal }) => api(paymentsRoutes.bank, { signal, answer: bankOverviewSchema }),
  });
}

/** For each debit not yet an expense, the expense already recorded that it likely pays (the server's rule). */
export function useDebitProposals() {
  return useQuery({
    queryKey: paymentKeys.debitProposals,
    queryFn: ({ signal }) => api(expensesRoutes.debitProposals, { signal, answer: debitProposalsSchema }),
    select: (data) => new Map(data.propositions.map((proposal) => [proposal.operationId, proposal.depense])),
  });
}

/** The statement file as multipart (the route reads one file part). */
async function uploadStatement(file: File): Promise<ImportSummary> {
  const form = new FormData();
  form.append('fichier', file, file.name);
  let response: Response;
  try {
    response = await fetch(urlOf(paymentsRoutes.importStatement), { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', texts.networkError);
  }
  const payload = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
  if (!response.ok) throw new ApiError(response.status, payload?.error ?? 'internal', payload?.message ?? internalErrorMessage);
  const summary = importSummarySchema.safeParse(payload);
  if (!summary.success) throw new ApiError(response.status, 'invalid_answer', texts.invalidAnswer);
  return summary.data;
}

export function useBankActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: paymentKeys.all });
  return {
    importStatement: useMutation({ mutationFn: uploadStatement, onSettled }),
    match: useMutation({
      /** One invoice, or the invoices one transfer pays together (the server splits it). */
      mutationFn: ({ id, factureIds }: { id: string; factureIds: string[] }) =>
        api(paymentsRoutes.matchOperation, { params: { id }, body: { factureIds }, answer: operationSchema }),
      onSettled,
    }),
    /** A debit that is the refund a withdrawal owed on an invoice: matched with it (nothing is paid again). */
    matchRefund: useMutation({
      mutationFn: ({ id, factureId }: { id: string; factureId: string; numero: string }) =>
        api(paymentsRoutes.matchOperation, { params: { id }, body: { factureIds: [factureId] }, answer: operationSchema }),
      onSettled,
    }),
    ignore: useMutation({
      mutationFn: (id: string) => api(paymentsRoutes.ignoreOperation, { params: { id }, answer: operationSchema }),
      onSettled,
    }),
    /** « Enregistrer en dépense »: the debit becomes an expense (the expenses' pages are refreshed too). */
    toExpense: useMutation({
      mutationFn: ({ id, ...body }: DebitExpense & { id: string }) =>
        api(expensesRoutes.fromDebit, { params: { id }, body, answer: depenseSchema }),
      onSettled: () => Promise.all([onSettled(), queryClient.invalidateQueries({ queryKey: ['expenses'] })]),
    }),
    /** « Rattacher à cette dépense »: the debit names the expense already recorded; no second one. */
    linkToExpense: useMutation({
      mutationFn: ({ id, depenseId }: { id: string; depenseId: string }) =>
        api(expensesRoutes.linkDebit, { params: { id }, body: { depenseId }, answer: depenseSchema }),
      onSettled: () => Promise.all([onSettled(), queryClient.invalidateQueries({ queryKey: ['expenses'] })]),
    }),
  };
}
