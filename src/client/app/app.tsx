import { StrictMode, type ReactNode } from 'react';
import type { PublicConfig } from '#domain/public-config.ts';
import { PublicConfigContext } from '#client/lib/public-config.ts';
import { AppProviders } from './providers.tsx';

/** The same tree in the browser (main.tsx) and in the server's prerendering (entry-server.tsx). */
export function App({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return (
    <StrictMode>
      <PublicConfigContext value={config}>
        <AppProviders>{children}</AppProviders>
      </PublicConfigContext>
    </StrictMode>
  );
}
