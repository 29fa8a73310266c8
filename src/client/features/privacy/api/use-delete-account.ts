import { useMutation } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';

/** The address of the export: the browser downloads it as a file (Content-Disposition: attachment). */
export const MY_DATA_URL = '/api/comptes/mes-donnees';

/** DELETE /api/comptes/moi with the password; the French refusal comes back as an ApiError. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (motDePasse: string) => api<{ message: string }>('/api/comptes/moi', { method: 'DELETE', body: { motDePasse } }),
  });
}
