import { createContext, useContext } from 'react';
import { defaultPublicConfig, type PublicConfig } from '#domain/public-config.ts';

/** The configuration the server injected into index.html as inert JSON, if any. */
export function readInjectedConfig(): PublicConfig | null {
  const element = typeof document === 'undefined' ? null : document.getElementById('app-config');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PublicConfig;
  } catch {
    return null;
  }
}

/**
 * The business identity and contact details (pages, header, footer). The browser entry
 * (main.tsx) provides what the server injected; the server's prerendering
 * (entry-server.tsx) provides its own configuration.
 */
export const PublicConfigContext = createContext<PublicConfig>(defaultPublicConfig);

export const usePublicConfig = (): PublicConfig => useContext(PublicConfigContext);
