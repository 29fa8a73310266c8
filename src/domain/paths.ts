/** Every route of the specification, in one place for the router, links and the server. */
export const paths = {
  home: '/',
  connexion: '/connexion',
  quiSommesNous: '/qui-sommes-nous',
  commentCaMarche: '/comment-ca-marche',
  faq: '/faq',
  mentionsLegales: '/mentions-legales',
  motDePasseOublie: '/mot-de-passe-oublie',
  reinitialiserMotDePasse: '/reinitialiser-mot-de-passe',
  espaceClient: '/espace-client',
  devis: (id: string) => `/devis/${encodeURIComponent(id)}`,
  completerDevis: (id: string) => `/devis/${encodeURIComponent(id)}/completer`,
  signerDevis: (id: string) => `/devis/${encodeURIComponent(id)}/signer`,
  devisArchives: '/devis/archives',
  admin: '/admin',
  adminEditDevis: (id: string) => `/admin/devis/${encodeURIComponent(id)}/edit`,
  adminUploadSigne: (id: string) => `/admin/devis/${encodeURIComponent(id)}/upload-signe`,
  adminDevisArchives: '/admin/devis-archives',
} as const;

/** Patterns the SPA answers with 200; anything else outside /api gets the 404 page. */
export const SPA_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/connexion\/?$/,
  /^\/qui-sommes-nous\/?$/,
  /^\/comment-ca-marche\/?$/,
  /^\/faq\/?$/,
  /^\/mentions-legales\/?$/,
  /^\/mot-de-passe-oublie\/?$/,
  /^\/reinitialiser-mot-de-passe\/?$/,
  /^\/espace-client\/?$/,
  /^\/devis\/archives\/?$/,
  /^\/devis\/[^/]+\/?$/,
  /^\/devis\/[^/]+\/completer\/?$/,
  /^\/devis\/[^/]+\/signer\/?$/,
  /^\/admin\/?$/,
  /^\/admin\/devis-archives\/?$/,
  /^\/admin\/devis\/[^/]+\/edit\/?$/,
  /^\/admin\/devis\/[^/]+\/upload-signe\/?$/,
];

export function isSpaRoute(pathname: string): boolean {
  return SPA_ROUTE_PATTERNS.some((pattern) => pattern.test(pathname));
}
