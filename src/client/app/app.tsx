import { StrictMode, type ReactNode } from 'react';
import type { PublicConfig } from '#domain/public-config.ts';
import { PublicConfigContext } from '#client/lib/public-config.ts';
import { ToastProvider } from '#client/ui/toast.tsx';

/**
 * The same tree in the browser (main.tsx) and in the server's prerendering (entry-server.tsx).
 * The query cache is not here: what reads the API brings it (src/client/lib/query-client.tsx).
 */
export function App({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return (
    <StrictMode>
      <PublicConfigContext value={config}>
        <ToastProvider>{children}</ToastProvider>
      </PublicConfigContext>
    </StrictMode>
  );
}
