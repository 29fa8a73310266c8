import type { PublicConfig } from '../../domain/public-config.ts';

const fallback: PublicConfig = {
  contact: { email: 'contact@convoyage-pro.fr', phone: '06 12 34 56 78' },
  business: {
    name: 'Convoyage Pro',
    owner: 'Jean Dupont, entrepreneur individuel',
    siret: '123 456 789 00012',
    address: '12 rue de la République, 69002 Lyon',
    host: 'Hébergement assuré par l’éditeur',
  },
};

/** The server injects the public configuration into index.html as inert JSON. */
function readInjected(): PublicConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById('app-config');
  if (!element?.textContent) return fallback;
  try {
    return JSON.parse(element.textContent) as PublicConfig;
  } catch {
    return fallback;
  }
}

export const publicConfig: PublicConfig = readInjected();
