import { useMutation } from '@tanstack/react-query';
import { privacyRoutes } from '#domain/api-paths.ts';
import { api, trusted, urlOf } from '#client/lib/api.ts';

/** The address of the export: the browser downloads it as a file (Content-Disposition: attachment). */
export const MY_DATA_URL = urlOf(privacyRoutes.exportData);

/** The account deleted with the password; the French refusal comes back as an ApiError. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (motDePasse: string) => api(privacyRoutes.deleteAccount, { body: { motDePasse }, answer: trusted<{ message: string }>() }),
  });
}
