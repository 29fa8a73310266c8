import { createContext, useContext } from 'react';
import { placeholderPublicConfig, type PublicConfig } from '#domain/public-config.ts';

/** Only seen when nothing better is known: `npm run dev` with the API down. */
export const fallbackPublicConfig: PublicConfig = placeholderPublicConfig;

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
export const PublicConfigContext = createContext<PublicConfig>(fallbackPublicConfig);

export const usePublicConfig = (): PublicConfig => useContext(PublicConfigContext);
