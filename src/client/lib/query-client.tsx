import { MutationCache, QueryCache, QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ComponentType, type ReactNode } from 'react';
import type { PageData } from '#domain/page-data.ts';
import { ApiError } from './api.ts';
import { PageDataContext, readPageData } from './page-data.ts';
import { sessionQueryKey } from './use-session.ts';

/** A new cache holding the answers a prerendered page came with (keyed by their API path). */
function createQueryClient(pageData: PageData | null): QueryClient {
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
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      // A change is tried at once, network or not: without it the form says so in French (« Connexion
      // au serveur impossible… ») or keeps the change on the phone (expenses). TanStack Query's default
      // holds it paused while the browser is offline: a button busy with no word, then sent later.
      mutations: { networkMode: 'always' },
    },
  });
  for (const [path, answer] of Object.entries(pageData ?? {})) client.setQueryData([path], answer);
  return client;
}

/** The browser's one cache of API answers, whichever part of the page reads it first. */
let browserClient: QueryClient | undefined;

/**
 * Gives what it wraps the application's query cache, unless one is already provided (an outer
 * boundary, a component test's own cache). The query cache is not in the public pages' first
 * bundle (docs/decisions/0059): the parts that read the API (the private areas behind their
 * guard, the forms, the header's session) are loaded lazily inside one of these. On the server
 * (prerendering) each render gets a cache of its own. Either starts with the answers the page
 * was prerendered with (src/domain/page-data.ts), so that the browser's first render matches
 * the server's HTML.
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const prerendered = useContext(PageDataContext);
  const [client] = useState(
    () => outer ?? (typeof window === 'undefined' ? createQueryClient(prerendered) : (browserClient ??= createQueryClient(readPageData()))),
  );
  return outer ? children : <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** `Component` inside WithQueryClient. */
export function withQueryClient<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  const Wrapped = (props: Props) => (
    <WithQueryClient>
      <Component {...props} />
    </WithQueryClient>
  );
  Wrapped.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return Wrapped;
}
