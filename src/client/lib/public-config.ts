import { createContext, useContext } from 'react';
import type { PublicConfig } from '#domain/public-config.ts';

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
// No default: App (main.tsx, entry-server.tsx) and the component tests always provide one, and
// the placeholder identity stays out of the home page's first bundle (main.tsx loads it on demand).
export const PublicConfigContext = createContext<PublicConfig>(null as unknown as PublicConfig);

export const usePublicConfig = (): PublicConfig => useContext(PublicConfigContext);
