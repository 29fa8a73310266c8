import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoicesRoutes } from '#domain/api-paths.ts';
import { factureSchema, type AvoirInput, type DraftUpdate, type Facture, type PaiementInput } from '#domain/schemas/invoices.ts';
import { api } from '#client/lib/api.ts';
import { invoiceKeys } from './keys.ts';

/** A sensitive request: the password or a code asked again if needed (the dialog's module loads on first use). */
const withReauthentication = <T>(request: () => Promise<T>) =>
  import('#client/lib/reauth-dialog.tsx').then((module) => module.withReauthentication(request));

/** Every change of an invoice refreshes every invoice query (lists, totals, revenue). */
function useInvoiceMutation<Variables>(fn: (variables: Variables) => Promise<Facture | null>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }) });
}

/** « Établir la facture » of a quote. */
export const useCreateDraft = () =>
  useInvoiceMutation((devisId: string) => api(invoicesRoutes.createDraft, { params: { id: devisId }, answer: factureSchema }));

export const useUpdateDraft = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: DraftUpdate }) =>
    api(invoicesRoutes.updateDraft, { params: { id }, body, answer: factureSchema }),
  );

export const useDeleteDraft = () => useInvoiceMutation((id: string) => api(invoicesRoutes.deleteDraft, { params: { id } }));

// Issuing a document that can no longer change is sensitive: the password or a code again if the last one is old.
export const useIssueInvoice = () =>
  useInvoiceMutation((id: string) => withReauthentication(() => api(invoicesRoutes.issue, { params: { id }, answer: factureSchema })));

export const useIssueCreditNote = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: AvoirInput }) =>
    withReauthentication(() => api(invoicesRoutes.creditNote, { params: { id }, body, answer: factureSchema })),
  );

export const useRecordPayment = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: PaiementInput }) =>
    api(invoicesRoutes.recordPayment, { params: { id }, body, answer: factureSchema }),
  );

export const useSendReminder = () =>
  useInvoiceMutation((id: string) => api(invoicesRoutes.sendReminder, { params: { id }, answer: factureSchema }));
