import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { accountsRoutes } from '#domain/api-paths.ts';
import { paths } from '#domain/paths.ts';
import type { viewerResponseSchema } from '#domain/schemas/accounts.ts';
import type { Role } from '#domain/statuses.ts';
import { api, trusted } from '#client/lib/api.ts';

export type SessionResponse = z.infer<typeof viewerResponseSchema>;
/** Who is logged in: null for nobody. */
export type SessionUser = SessionResponse['user'];
export const sessionQueryKey = ['session'] as const;

// In every page's bundle: typed, not parsed (no zod there).
const fetchSession = ({ signal }: { signal?: AbortSignal } = {}) => api(accountsRoutes.me, { signal, answer: trusted<SessionResponse>() });

export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    staleTime: 60_000,
  });
}

/**
 * Reads the session again from the server (after a login) and returns it. A read already under
 * way started before the login and would answer "nobody": it is cancelled, not joined.
 */
export async function refreshSession(queryClient: QueryClient): Promise<SessionResponse> {
  await queryClient.cancelQueries({ queryKey: sessionQueryKey });
  return queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 0 });
}

/** After a logout: nobody is logged in, and nothing of the previous user stays cached. */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}

/** Where a user lands after logging in, and where /connexion sends someone already logged in. */
export const homeFor = (role: Role) => (role === 'admin' ? paths.admin : paths.espaceClient);

/**
 * After a login: back to the page the guard sent the visitor away from (`from`, an address of
 * this site that the role may open: a session that ended mid-task resumes it), else home.
 */
export function destinationAfterLogin(role: Role, from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return homeFor(role);
  const isAdminArea = from === paths.admin || from.startsWith(`${paths.admin}/`);
  return isAdminArea === (role === 'admin') ? from : homeFor(role);
}
