/**
 * Every route of the JSON API, in one place, grouped by capability (the server's folders):
 * the server declares each route from its entry with `serve(app, entry, …)` (src/server/http/serve.ts;
 * src/server/http/role-scopes.ts checks that it does so inside the scope of the entry's `access`,
 * and a test that none is missing or left over; ESLint refuses a method or an address written by
 * hand), and the client's fetchers build their addresses from it with `apiPath`.
 *
 * `path` is the full address, Fastify's pattern (`:name` stands for one segment); the scopes
 * add no prefix. `access` is who may call it, the role scope that registers it:
 * - `visitor`: anyone, signed in or not (the route decides the rest itself: a token, a quota);
 * - `customer`: a signed-in account whose e-mail is verified (customers, and the administrator
 *   on his own account's routes);
 * - `admin`: the administrator.
 *
 * Adding a route: one entry here, then `serve(app, entry, { schema, handler })` in its capability's
 * routes.ts under the same role, then its line in the access matrix (src/server/security/access-matrix.test.ts).
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ApiAccess = 'visitor' | 'customer' | 'admin';
export type ApiRoute = { method: ApiMethod; path: string; access: ApiAccess };

/** Where the API lives: anything under it that no route answers is a JSON 404, not the SPA. */
export const API_PREFIX = '/api';
/** The OpenAPI documentation (its page and its JSON). */
export const API_DOCS_PATH = '/api/docs';
/** better-auth's base path: only the endpoints of `apiRoutes.auth` below are reachable under it. */
export const AUTH_BASE_PATH = '/api/auth';

type ApiRoutes = Record<string, ApiRoute>;

// One constant per capability: a page imports only the groups it calls (an unused one is left out of its bundle).
export const systemRoutes = {
  health: { method: 'GET', path: '/api/health', access: 'visitor' },
  config: { method: 'GET', path: '/api/config', access: 'visitor' },
} as const satisfies ApiRoutes;

/** better-auth's endpoints that the product uses, handed to it by accounts/auth-bridge.ts (every other one answers 404). */
export const authRoutes = {
  signIn: { method: 'POST', path: '/api/auth/sign-in/email', access: 'visitor' },
  signOut: { method: 'POST', path: '/api/auth/sign-out', access: 'visitor' },
  sendVerificationEmail: { method: 'POST', path: '/api/auth/send-verification-email', access: 'visitor' },
  requestPasswordReset: { method: 'POST', path: '/api/auth/request-password-reset', access: 'visitor' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password', access: 'visitor' },
  /** The second step of a sign-in, with a code from the app or a backup code. */
  verifyTotp: { method: 'POST', path: '/api/auth/two-factor/verify-totp', access: 'visitor' },
  verifyBackupCode: { method: 'POST', path: '/api/auth/two-factor/verify-backup-code', access: 'visitor' },
} as const satisfies ApiRoutes;

export const accountsRoutes = {
  me: { method: 'GET', path: '/api/me', access: 'visitor' },
  signUp: { method: 'POST', path: '/api/comptes/inscription', access: 'visitor' },
  verifyEmail: { method: 'GET', path: '/api/comptes/verification-email', access: 'visitor' },
  profile: { method: 'GET', path: '/api/comptes/profil', access: 'customer' },
} as const satisfies ApiRoutes;

export const addressesRoutes = {
  suggest: { method: 'GET', path: '/api/adresses', access: 'visitor' },
  distance: { method: 'POST', path: '/api/getDistance', access: 'visitor' },
} as const satisfies ApiRoutes;

export const quotesRoutes = {
  simulate: { method: 'POST', path: '/api/devis/simulation', access: 'visitor' },
  list: { method: 'GET', path: '/api/devis', access: 'customer' },
  listArchived: { method: 'GET', path: '/api/devis/archives', access: 'customer' },
  get: { method: 'GET', path: '/api/devis/:id', access: 'customer' },
  complete: { method: 'PUT', path: '/api/devis/:id/completer', access: 'customer' },
  archive: { method: 'POST', path: '/api/devis/:id/archiver', access: 'customer' },
  restore: { method: 'POST', path: '/api/devis/:id/restaurer', access: 'customer' },
  delete: { method: 'DELETE', path: '/api/devis/:id', access: 'customer' },
  /** The signed PDF, for its owner and the administrator. */
  signedPdf: { method: 'GET', path: '/api/devis/:id/devis-signe', access: 'customer' },
  adminList: { method: 'GET', path: '/api/admin/devis', access: 'admin' },
  adminListArchived: { method: 'GET', path: '/api/admin/devis-archives', access: 'admin' },
  adminGet: { method: 'GET', path: '/api/admin/devis/:id', access: 'admin' },
  confirm: { method: 'POST', path: '/api/admin/devis/:id/confirmer', access: 'admin' },
  retryMail: { method: 'POST', path: '/api/admin/devis/:id/renvoyer-email', access: 'admin' },
  /** « Prolonger » a quote past its validity date (legal/, issue 28). */
  extend: { method: 'POST', path: '/api/admin/devis/:id/prolonger', access: 'admin' },
  confirmSigned: { method: 'POST', path: '/api/admin/devis/:id/confirmer-signe', access: 'admin' },
  finish: { method: 'POST', path: '/api/admin/devis/:id/terminer', access: 'admin' },
  adminArchive: { method: 'POST', path: '/api/admin/devis/:id/archiver', access: 'admin' },
  adminRestore: { method: 'POST', path: '/api/admin/devis/:id/restaurer', access: 'admin' },
  adminDelete: { method: 'DELETE', path: '/api/admin/devis/:id', access: 'admin' },
  uploadSigned: { method: 'POST', path: '/api/admin/devis/:id/devis-signe', access: 'admin' },
} as const satisfies ApiRoutes;

export const signaturesRoutes = {
  signingView: { method: 'GET', path: '/api/devis/:id/signature', access: 'customer' },
  sentPdf: { method: 'GET', path: '/api/devis/:id/devis-envoye', access: 'customer' },
  sign: { method: 'POST', path: '/api/devis/:id/signer', access: 'customer' },
} as const satisfies ApiRoutes;

export const legalRoutes = {
  cgv: { method: 'GET', path: '/api/cgv', access: 'visitor' },
  withdraw: { method: 'POST', path: '/api/devis/:id/retractation', access: 'customer' },
  /** « Demander l'annulation » of a signed mission, once the withdrawal period is over (general terms, article 13). */
  requestCancellation: { method: 'POST', path: '/api/devis/:id/annulation', access: 'customer' },
} as const satisfies ApiRoutes;

export const notificationsRoutes = {
  preferences: { method: 'GET', path: '/api/comptes/notifications', access: 'customer' },
  setPreferences: { method: 'PUT', path: '/api/comptes/notifications', access: 'customer' },
} as const satisfies ApiRoutes;

export const missionsRoutes = {
  planning: { method: 'GET', path: '/api/admin/missions', access: 'admin' },
  get: { method: 'GET', path: '/api/admin/missions/:id', access: 'admin' },
  putPhoto: { method: 'PUT', path: '/api/admin/missions/:id/:etape/photos/:photoId', access: 'admin' },
  deletePhoto: { method: 'DELETE', path: '/api/admin/missions/:id/:etape/photos/:photoId', access: 'admin' },
  completeInspection: { method: 'POST', path: '/api/admin/missions/:id/:etape', access: 'admin' },
  feedState: { method: 'GET', path: '/api/admin/planning/agenda', access: 'admin' },
  regenerateFeed: { method: 'POST', path: '/api/admin/planning/agenda', access: 'admin' },
  /** The calendar feed: a phone's calendar has no session, the secret token in its link is the key. */
  feed: { method: 'GET', path: '/api/admin/planning.ics', access: 'visitor' },
  customerInspections: { method: 'GET', path: '/api/devis/:id/etats-des-lieux', access: 'customer' },
  photo: { method: 'GET', path: '/api/devis/:id/photos/:photoId', access: 'customer' },
  report: { method: 'GET', path: '/api/devis/:id/pv/:etape', access: 'customer' },
} as const satisfies ApiRoutes;

export const trackingRoutes = {
  /** Positions sent by the operator's phone during a mission (ids made by the page: sent again, kept once). */
  positions: { method: 'POST', path: '/api/admin/missions/:id/positions', access: 'admin' },
  /** The customer's view of his mission in progress. */
  customer: { method: 'GET', path: '/api/devis/:id/suivi', access: 'customer' },
  /** The receiver's view, by the secret token of his link (no account). */
  receiver: { method: 'GET', path: '/api/suivi/:token', access: 'visitor' },
} as const satisfies ApiRoutes;

export const invoicesRoutes = {
  createDraft: { method: 'POST', path: '/api/admin/devis/:id/facture', access: 'admin' },
  list: { method: 'GET', path: '/api/admin/factures', access: 'admin' },
  get: { method: 'GET', path: '/api/admin/factures/:id', access: 'admin' },
  updateDraft: { method: 'PUT', path: '/api/admin/factures/:id', access: 'admin' },
  deleteDraft: { method: 'DELETE', path: '/api/admin/factures/:id', access: 'admin' },
  issue: { method: 'POST', path: '/api/admin/factures/:id/emettre', access: 'admin' },
  creditNote: { method: 'POST', path: '/api/admin/factures/:id/avoir', access: 'admin' },
  recordPayment: { method: 'POST', path: '/api/admin/factures/:id/paiements', access: 'admin' },
  sendReminder: { method: 'POST', path: '/api/admin/factures/:id/relance', access: 'admin' },
  revenue: { method: 'GET', path: '/api/admin/chiffre-affaires', access: 'admin' },
  revenueCsv: { method: 'GET', path: '/api/admin/chiffre-affaires.csv', access: 'admin' },
  mine: { method: 'GET', path: '/api/factures', access: 'customer' },
  pdf: { method: 'GET', path: '/api/factures/:id/pdf', access: 'customer' },
} as const satisfies ApiRoutes;

/** E-invoicing through the approved platform (einvoicing/). */
export const einvoicingRoutes = {
  /** Where an invoice stands at the platform, its history, and its customer's directory answer. */
  invoicePlatform: { method: 'GET', path: '/api/admin/factures/:id/plateforme', access: 'admin' },
  retryInvoice: { method: 'POST', path: '/api/admin/factures/:id/plateforme/renvoyer', access: 'admin' },
  directory: { method: 'GET', path: '/api/admin/annuaire/:siren', access: 'admin' },
  purchases: { method: 'GET', path: '/api/admin/achats', access: 'admin' },
  purchaseFile: { method: 'GET', path: '/api/admin/achats/:id/fichier', access: 'admin' },
  approvePurchase: { method: 'POST', path: '/api/admin/achats/:id/approuver', access: 'admin' },
  refusePurchase: { method: 'POST', path: '/api/admin/achats/:id/refuser', access: 'admin' },
  ereporting: { method: 'GET', path: '/api/admin/e-reporting', access: 'admin' },
  reportPeriod: { method: 'POST', path: '/api/admin/e-reporting/:periode/transmettre', access: 'admin' },
  /** The platform's calls: no session, the signature of the body is the key. */
  webhook: { method: 'POST', path: '/api/plateforme-agreee/webhook', access: 'visitor' },
} as const satisfies ApiRoutes;

/** What a mission costs: expenses and their receipts, a mission's costs, the margin (issue 30). */
export const expensesRoutes = {
  list: { method: 'GET', path: '/api/admin/depenses', access: 'admin' },
  create: { method: 'POST', path: '/api/admin/depenses', access: 'admin' },
  csv: { method: 'GET', path: '/api/admin/depenses.csv', access: 'admin' },
  get: { method: 'GET', path: '/api/admin/depenses/:id', access: 'admin' },
  update: { method: 'PUT', path: '/api/admin/depenses/:id', access: 'admin' },
  delete: { method: 'DELETE', path: '/api/admin/depenses/:id', access: 'admin' },
  putReceipt: { method: 'PUT', path: '/api/admin/depenses/:id/justificatif', access: 'admin' },
  receipt: { method: 'GET', path: '/api/admin/depenses/:id/justificatif', access: 'admin' },
  missionCosts: { method: 'GET', path: '/api/admin/missions/:id/couts', access: 'admin' },
  margins: { method: 'GET', path: '/api/admin/rentabilite', access: 'admin' },
  /** A bank statement's debit (payments) recorded as an expense, in one transaction with the debit's mark. */
  fromDebit: { method: 'POST', path: '/api/admin/banque/operations/:id/depense', access: 'admin' },
  /** The expenses already recorded that the bank page's debits likely pay, and the link of one to its debit. */
  debitProposals: { method: 'GET', path: '/api/admin/banque/debits/propositions', access: 'admin' },
  linkDebit: { method: 'POST', path: '/api/admin/banque/operations/:id/depense-existante', access: 'admin' },
} as const satisfies ApiRoutes;

/** Getting paid (payments/): the payment page, card payments and their notifications, bank statements, reminders. */
export const paymentsRoutes = {
  page: { method: 'GET', path: '/api/factures/:id/paiement', access: 'customer' },
  startOnline: { method: 'POST', path: '/api/factures/:id/paiement/en-ligne', access: 'customer' },
  /** The provider's notification: no session, its signature over the raw body is the key. */
  stripeWebhook: { method: 'POST', path: '/api/paiements/stripe/webhook', access: 'visitor' },
  bank: { method: 'GET', path: '/api/admin/banque', access: 'admin' },
  importStatement: { method: 'POST', path: '/api/admin/banque/releves', access: 'admin' },
  matchOperation: { method: 'POST', path: '/api/admin/banque/operations/:id/rapprochement', access: 'admin' },
  ignoreOperation: { method: 'POST', path: '/api/admin/banque/operations/:id/ignorer', access: 'admin' },
  saveCsvMapping: { method: 'PUT', path: '/api/admin/banque/correspondance-csv', access: 'admin' },
  reminders: { method: 'GET', path: '/api/admin/factures/:id/relances', access: 'admin' },
  setReminders: { method: 'PUT', path: '/api/admin/factures/:id/relances', access: 'admin' },
  /** The card refunds an invoice owes (a withdrawal's, a cancellation's): their state at the provider. */
  cardRefunds: { method: 'GET', path: '/api/admin/factures/:id/remboursements-carte', access: 'admin' },
  /** Asks the provider to give back, on the card that paid, what the invoice owes by card. */
  makeCardRefund: { method: 'POST', path: '/api/admin/factures/:id/remboursements-carte', access: 'admin' },
} as const satisfies ApiRoutes;

export const sessionsRoutes = {
  list: { method: 'GET', path: '/api/comptes/sessions', access: 'customer' },
  revoke: { method: 'DELETE', path: '/api/comptes/sessions/:id', access: 'customer' },
  revokeOthers: { method: 'POST', path: '/api/comptes/sessions/deconnecter-autres', access: 'customer' },
} as const satisfies ApiRoutes;

export const auditRoutes = {
  journal: { method: 'GET', path: '/api/admin/journal', access: 'admin' },
} as const satisfies ApiRoutes;

export const privacyRoutes = {
  exportData: { method: 'GET', path: '/api/comptes/mes-donnees', access: 'customer' },
  deleteAccount: { method: 'DELETE', path: '/api/comptes/moi', access: 'customer' },
} as const satisfies ApiRoutes;

/** Answered to the administrator before he has set his second factor up (every other route refuses him until then). */
export const twoFactorRoutes = {
  status: { method: 'GET', path: '/api/comptes/double-authentification', access: 'customer' },
  beginSetup: { method: 'POST', path: '/api/comptes/double-authentification/configuration', access: 'customer' },
  activate: { method: 'POST', path: '/api/comptes/double-authentification/activation', access: 'customer' },
  disable: { method: 'DELETE', path: '/api/comptes/double-authentification', access: 'customer' },
  regenerateBackupCodes: { method: 'POST', path: '/api/comptes/double-authentification/codes-secours', access: 'customer' },
  reauthenticate: { method: 'POST', path: '/api/comptes/reauthentification', access: 'customer' },
} as const satisfies ApiRoutes;

/** The back office's home (issue 34): what waits for the administrator. */
export const adminHomeRoutes = {
  aFaire: { method: 'GET', path: '/api/admin/a-faire', access: 'admin' },
} as const satisfies ApiRoutes;

/** The whole table, by capability (the server registers it; a client module imports the groups it calls). */
export const apiRoutes = {
  system: systemRoutes,
  auth: authRoutes,
  accounts: accountsRoutes,
  addresses: addressesRoutes,
  quotes: quotesRoutes,
  signatures: signaturesRoutes,
  legal: legalRoutes,
  notifications: notificationsRoutes,
  missions: missionsRoutes,
  tracking: trackingRoutes,
  invoices: invoicesRoutes,
  einvoicing: einvoicingRoutes,
  expenses: expensesRoutes,
  payments: paymentsRoutes,
  sessions: sessionsRoutes,
  audit: auditRoutes,
  privacy: privacyRoutes,
  twoFactor: twoFactorRoutes,
  adminHome: adminHomeRoutes,
} as const;

export type ApiCapability = keyof typeof apiRoutes;

/** Every route of the table, as a list. */
export const apiRouteList: readonly ApiRoute[] = /* @__PURE__ */ Object.values(apiRoutes).flatMap((group) =>
  Object.values<ApiRoute>(group),
);

/** `GET /api/devis/:id`: how a route is named in logs, in the access matrix and in the audit table. */
export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** The names of a pattern's parameters: `'/api/devis/:id/pv/:etape'` → `'id' | 'etape'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { [Name in PathParamNames<P>]: string };
export type ApiQuery = Record<string, string | number | boolean | null | undefined>;

type PathArgs<P extends string> = [PathParamNames<P>] extends [never]
  ? [params?: Record<string, never>, query?: ApiQuery]
  : [params: PathParams<P>, query?: ApiQuery];

/**
 * The address of one call: the pattern's parameters filled in (each encoded), then the query
 * string of the values that are set. `apiPath(apiRoutes.quotes.get, { id })` →
 * `/api/devis/<id>`; `apiPath(apiRoutes.quotes.list, {}, { q: 'lyon' })` → `/api/devis?q=lyon`.
 */
export function apiPath<R extends Pick<ApiRoute, 'path'>>(route: R, ...[params, query]: PathArgs<R['path']>): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`apiPath: no value for :${name} of ${route.path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** Whether an address is the route's: each `:name` of its pattern matches one segment. */
export function matchesApiPath(route: Pick<ApiRoute, 'path'>, pathname: string): boolean {
  const source = route.path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`).test(pathname);
}
