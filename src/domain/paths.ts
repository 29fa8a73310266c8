import { publicPageMeta, type PageMeta } from './texts/common.ts';

/**
 * Who may open a page. The client's guards follow it (for the user's sake only: the server
 * refuses the same requests on its own); `user` is anyone logged in.
 */
export type RouteAccess = 'public' | 'user' | 'admin';

export type RouteDefinition = {
  /** React Router's pattern: `:name` stands for one path segment. */
  path: string;
  access: RouteAccess;
  /**
   * A public page with a title and description of its own (from the text catalogue): the
   * server writes them into its first HTML, prerenders its markup and lists it in the
   * sitemap. Pages without it get the home page's head and are rendered by the browser.
   */
  meta?: PageMeta;
  /**
   * A section of the back office's navigation: `daily` in its bar (four at most, the sections
   * of every day), `more` behind « Plus ». Its label is `adminNavLabels[name]`
   * (texts/admin-home.ts; the type checker asks for it). A page of the back office below a
   * section (one quote, one invoice) has none.
   */
  nav?: AdminNavGroup;
};

export type AdminNavGroup = 'daily' | 'more';

/**
 * Every route of the application, in one place: the client's router, the server's list of
 * the addresses the single-page app answers, the prerendered public pages, the sitemap and
 * every link (`paths`) are derived from this table.
 *
 * Adding a page: one entry here; its module is named after the entry, `fooBar` →
 * src/client/pages/foo-bar-page.tsx exporting `FooBarPage` (the router finds it, and a test
 * fails when it is missing); its texts go to the catalogue. A page of the back office that is
 * a section of its own says `nav` (and its label goes to `adminNavLabels`): the navigation of
 * the back office lists it.
 */
export const routeTable = {
  home: { path: '/', access: 'public', meta: publicPageMeta.home },
  connexion: { path: '/connexion', access: 'public', meta: publicPageMeta.connexion },
  quiSommesNous: { path: '/qui-sommes-nous', access: 'public', meta: publicPageMeta.quiSommesNous },
  commentCaMarche: { path: '/comment-ca-marche', access: 'public', meta: publicPageMeta.commentCaMarche },
  faq: { path: '/faq', access: 'public', meta: publicPageMeta.faq },
  mentionsLegales: { path: '/mentions-legales', access: 'public', meta: publicPageMeta.mentionsLegales },
  confidentialite: { path: '/confidentialite', access: 'public', meta: publicPageMeta.confidentialite },
  cgv: { path: '/cgv', access: 'public', meta: publicPageMeta.cgv },
  retractation: { path: '/retractation', access: 'public', meta: publicPageMeta.retractation },
  motDePasseOublie: { path: '/mot-de-passe-oublie', access: 'public' },
  /** The receiver's live tracking, by the secret token of the link sent at pickup (no account, never indexed). */
  suivi: { path: '/suivi/:token', access: 'public' },
  reinitialiserMotDePasse: { path: '/reinitialiser-mot-de-passe', access: 'public' },
  espaceClient: { path: '/espace-client', access: 'user' },
  devisArchives: { path: '/devis/archives', access: 'user' },
  devis: { path: '/devis/:id', access: 'user' },
  completerDevis: { path: '/devis/:id/completer', access: 'user' },
  signerDevis: { path: '/devis/:id/signer', access: 'user' },
  /** An invoice to pay: what is due, « Payer en ligne », the transfer's QR code; back from the provider with `?retour=1`. */
  paiementFacture: { path: '/factures/:id/paiement', access: 'user' },
  admin: { path: '/admin', access: 'admin', nav: 'daily' },
  adminDevisArchives: { path: '/admin/devis-archives', access: 'admin', nav: 'more' },
  adminEditDevis: { path: '/admin/devis/:id/edit', access: 'admin' },
  adminUploadSigne: { path: '/admin/devis/:id/upload-signe', access: 'admin' },
  adminMissions: { path: '/admin/missions', access: 'admin', nav: 'daily' },
  /** One mission: its inspections, its expenses (recorded offline too), its kilometres and margin. */
  adminMission: { path: '/admin/missions/:id', access: 'admin' },
  adminPriseEnCharge: { path: '/admin/devis/:id/prise-en-charge', access: 'admin' },
  adminLivraison: { path: '/admin/devis/:id/livraison', access: 'admin' },
  adminFactures: { path: '/admin/factures', access: 'admin', nav: 'daily' },
  adminFacture: { path: '/admin/factures/:id', access: 'admin' },
  adminChiffreAffaires: { path: '/admin/chiffre-affaires', access: 'admin', nav: 'daily' },
  adminBanque: { path: '/admin/banque', access: 'admin', nav: 'more' },
  /** The expenses, by month; « Ajouter une dépense » works offline. */
  adminDepenses: { path: '/admin/depenses', access: 'admin', nav: 'more' },
  /** A year's margin: per month, by category, the ten least profitable missions; the expenses' CSV. */
  adminRentabilite: { path: '/admin/rentabilite', access: 'admin', nav: 'more' },
  adminJournal: { path: '/admin/journal', access: 'admin', nav: 'more' },
  /** Supplier invoices received through the approved platform (e-invoicing). */
  adminAchats: { path: '/admin/achats', access: 'admin', nav: 'more' },
  /** What is reported to the administration through the approved platform (e-invoicing). */
  adminEReporting: { path: '/admin/e-reporting', access: 'admin', nav: 'more' },
  /**
   * The administrator's second factor: set up at his first login (the only page open until
   * then: RequireAdmin sends him here, so this page sits behind RequireUser and sends anyone
   * but the administrator away itself; the server refuses the same on its own).
   */
  adminSecurite: { path: '/admin/securite', access: 'user', nav: 'more' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routeTable;

/** The module of a route's page, under src/client/pages: `adminEditDevis` → 'admin-edit-devis-page'. */
export const pageModule = (name: string) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-page`;

/** The routes as a list, each with its name. */
export const routeList: readonly (RouteDefinition & { name: RouteName })[] = Object.entries(routeTable).map(([name, route]) => ({
  ...(route as RouteDefinition),
  name: name as RouteName,
}));

type Params<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...Params<Rest>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

type AsStrings<T extends readonly unknown[]> = { [K in keyof T]: string };

/** A static route's address, or a function of its parameters in the order of the pattern. */
type PathOf<P extends string> = Params<P> extends [] ? P : (...values: AsStrings<Params<P>>) => string;

function pathOf(pattern: string): string | ((...values: string[]) => string) {
  if (!pattern.includes(':')) return pattern;
  return (...values: string[]) => {
    let index = 0;
    return pattern.replace(/:[^/]+/g, () => encodeURIComponent(values[index++] ?? ''));
  };
}

/** Every link of the site: `paths.faq` is '/faq', `paths.devis(id)` is '/devis/<id>'. */
export const paths = Object.fromEntries(routeList.map((route) => [route.name, pathOf(route.path)])) as unknown as {
  [Name in RouteName]: PathOf<(typeof routeTable)[Name]['path']>;
};

function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('/');
  return new RegExp(pattern === '/' ? '^/$' : `^${source}/?$`);
}

const spaPatterns = routeList.map((route) => patternRegExp(route.path));

/** Whether the single-page app has a page at this address (the server answers 404 otherwise). */
export function isSpaRoute(pathname: string): boolean {
  return spaPatterns.some((pattern) => pattern.test(pathname));
}

/** The public pages with a head of their own: prerendered, and listed in the sitemap. */
export const indexedRoutes = routeList.filter((route): route is typeof route & { meta: PageMeta } => route.meta !== undefined);

/** The routes that are sections of the back office's navigation. */
export type AdminNavName = {
  [Name in RouteName]: (typeof routeTable)[Name] extends { nav: AdminNavGroup } ? Name : never;
}[RouteName];

/** The back office's sections, in the table's order: the navigation shows them, and nothing else decides which. */
export const adminNavSections = routeList.filter((route): route is typeof route & { name: AdminNavName; nav: AdminNavGroup } =>
  Boolean(route.nav),
);
