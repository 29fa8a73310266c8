import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvoirInput, DraftUpdate, Facture, PaiementInput } from '#domain/schemas/invoices.ts';
import { api } from '#client/lib/api.ts';
import { invoiceKeys } from './keys.ts';

/** A sensitive request: the password or a code asked again if needed (the dialog's module loads on first use). */
const withReauthentication = <T>(request: () => Promise<T>) =>
  import('#client/lib/reauth-dialog.tsx').then((module) => module.withReauthentication(request));

const base = (id: string) => `/api/admin/factures/${encodeURIComponent(id)}`;

/** Every change of an invoice refreshes every invoice query (lists, totals, revenue). */
function useInvoiceMutation<Variables>(fn: (variables: Variables) => Promise<Facture | null>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }) });
}

/** « Établir la facture »: POST /api/admin/devis/{id}/facture */
export const useCreateDraft = () =>
  useInvoiceMutation((devisId: string) => api<Facture>(`/api/admin/devis/${encodeURIComponent(devisId)}/facture`, { method: 'POST' }));

export const useUpdateDraft = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: DraftUpdate }) => api<Facture>(base(id), { method: 'PUT', body }));

export const useDeleteDraft = () => useInvoiceMutation((id: string) => api<null>(base(id), { method: 'DELETE' }));

// Issuing a document that can no longer change is sensitive: the password or a code again if the last one is old.
export const useIssueInvoice = () =>
  useInvoiceMutation((id: string) => withReauthentication(() => api<Facture>(`${base(id)}/emettre`, { method: 'POST' })));

export const useIssueCreditNote = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: AvoirInput }) =>
    withReauthentication(() => api<Facture>(`${base(id)}/avoir`, { method: 'POST', body })),
  );

export const useRecordPayment = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: PaiementInput }) =>
    api<Facture>(`${base(id)}/paiements`, { method: 'POST', body }),
  );

export const useSendReminder = () => useInvoiceMutation((id: string) => api<Facture>(`${base(id)}/relance`, { method: 'POST' }));
