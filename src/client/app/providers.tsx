import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { sessionQueryKey } from '#client/lib/use-session.ts';
import { ApiError } from '#client/lib/api.ts';
import { ToastProvider } from '#client/ui/toast.tsx';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    // A 401 means the session has ended (expired, or logged out in another tab): read it
    // again, so that the guards send the visitor to /connexion, and back here afterwards.
    const onError = (error: Error) => {
      if (error instanceof ApiError && error.status === 401 && error.code === 'unauthenticated') {
        void client.invalidateQueries({ queryKey: sessionQueryKey });
      }
    };
    const client: QueryClient = new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
    });
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
