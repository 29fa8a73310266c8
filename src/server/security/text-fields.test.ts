import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { parse as parseQuery } from 'fast-querystring';
import { beforeAll, describe, expect, it } from 'vitest';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import { isStorableText, type TextKind } from '#domain/schemas/text.ts';
import { createExpense } from '#server/expenses/service.ts';
import { expenseBody } from '#server/expenses/test-factories.ts';
import { inspectionBody } from '#server/missions/test-factories.ts';
import { makePdf, multipartBody } from '#server/quotes/back-office-test-factories.ts';
import { draftThroughService, issuedThroughService } from '#server/invoices/test-factories.ts';
import { boursoMapping } from '#server/payments/statements/test-factories.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import { signUpBody } from '#server/accounts/test-factories.ts';
import { signBody } from '#server/signatures/test-factories.ts';
import { createAdmin, createCustomer, ENGINES, PUBLIC_URL, signIn, type TestApp, useTestApp } from '#server/test/helpers.ts';

/**
 * Hostile strings in every text field of every route, as property-based tests: the body's
 * fields, the query strings, the quote ids in paths, the name of an uploaded file. Whatever
 * the string (NUL and every other C0/C1 control character, unpaired surrogates, line
 * breaks, very long strings, or perfectly good text), the answer is never a 5xx; a value the
 * text rule refuses is refused (4xx) and writes nothing; what is accepted is stored without
 * a character the rule refuses; and the admin search keeps answering. A route with text input
 * that is missing from the table below fails the test.
 */

type Caller = 'visitor' | 'owner' | 'admin';
type Built = {
  url: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  file?: { filename: string };
};
type TextRoute = {
  as: Caller;
  /** A valid request, fresh for each run (a new quote, a new address). */
  build: (ctx: Context) => Promise<Built>;
  /** Text fields that are multi-line (tab and line breaks allowed). */
  multiLine?: string[];
  /** Text fields exempt from the rule, with the reason. */
  exempt?: Record<string, string>;
  /** What an unstorable value gets instead of a 4xx (a link a person clicks). */
  refusedAs?: (response: { statusCode: number; headers: Record<string, unknown> }) => boolean;
};
type Context = { t: TestApp; owner: Awaited<ReturnType<typeof createCustomer>>; run: number };

const quoteIn = async ({ t, owner }: Context, statut: Parameters<typeof createQuoteInStatus>[2]) =>
  (await createQuoteInStatus(t.app.database, owner, statut)).id;

const idRoute = (method: string, path: string, as: Caller, statut: Parameters<typeof createQuoteInStatus>[2]): [string, TextRoute] => [
  `${method} ${path}`,
  { as, build: async (ctx) => ({ url: path.replace(':id', await quoteIn(ctx, statut)) }) },
];

/** A route whose request is the same at every run. */
const fixedRoute = (
  method: string,
  path: string,
  as: Caller,
  request: Omit<Built, 'url'>,
  more: Omit<TextRoute, 'as' | 'build'> = {},
): Record<string, TextRoute> => ({ [`${method} ${path}`]: { as, build: async () => ({ url: path, ...request }), ...more } });

/** The account's password given again, wrong: it is only compared with the stored hash, never stored. */
const wrongPassword = {
  request: { body: { motDePasse: 'pas-le-bon-mot-de-passe' } },
  more: { exempt: { motDePasse: 'only compared with the stored hash, never stored' } },
};

/** An invoice route whose only text is the invoice id: a fresh draft, or a fresh issued invoice, of the owner's finished mission. */
const invoiceRoute = (method: string, path: string, invoice: 'draft' | 'issued', as: Caller = 'admin'): [string, TextRoute] => [
  `${method} ${path}`,
  {
    as,
    build: async ({ t, owner }) => ({
      url: path.replace(':id', await (invoice === 'draft' ? draftThroughService(t, owner) : issuedThroughService(t, owner))),
    }),
  },
];

/** An expense of a mission of the owner's (expenses/), recorded through its service. */
async function expenseIn({ t, owner }: Context): Promise<string> {
  const mission = await createQuoteInStatus(t.app.database, owner, 'en cours');
  const { database, fileStore, config, log } = t.app;
  const { depense } = await createExpense({ database, fileStore, config, log }, expenseBody({ devisId: mission.id }));
  return depense.id;
}

/** An expense route whose only text is the expense id. */
const expenseRoute = (method: string, path: string): [string, TextRoute] => [
  `${method} ${path}`,
  { as: 'admin', build: async (ctx) => ({ url: path.replace(':id', await expenseIn(ctx)) }) },
];

const TEXT_ROUTES: Record<string, TextRoute> = {
  ...fixedRoute('POST', '/api/getDistance', 'visitor', { body: { depart: 'Paris', arrivee: 'Lyon' } }),
  ...fixedRoute('POST', '/api/devis/simulation', 'owner', {
    body: { adresseDepart: '10 rue de Rivoli, Paris', adresseArrivee: 'Lyon', typeVehicule: 'Citadine' },
  }),
  ...fixedRoute('GET', '/api/adresses', 'visitor', { query: { q: 'lyon' } }),
  // A fresh address at every run.
  'POST /api/comptes/inscription': {
    as: 'visitor',
    build: async () => ({ url: '/api/comptes/inscription', body: signUpBody() }),
    exempt: { confirmation: 'compared with motDePasse, never stored' },
  },
  ...fixedRoute(
    'GET',
    '/api/comptes/verification-email',
    'visitor',
    { query: { token: 'abc.def.ghi' } },
    { refusedAs: (response) => response.statusCode === 303 && String(response.headers.location).endsWith('verification=invalide') },
  ),
  'POST /api/auth/sign-in/email': {
    as: 'visitor',
    build: async ({ run }) => ({
      url: '/api/auth/sign-in/email',
      body: { email: `inconnu${run}@exemple.fr`, password: 'un-mot-de-passe', rememberMe: true },
    }),
    exempt: { password: 'only compared with a hash, never stored' },
  },
  'POST /api/auth/request-password-reset': {
    as: 'visitor',
    build: async ({ run }) => ({
      url: '/api/auth/request-password-reset',
      body: { email: `inconnu${run}@exemple.fr`, redirectTo: '/reinitialiser-mot-de-passe' },
    }),
  },
  'POST /api/auth/send-verification-email': {
    as: 'visitor',
    build: async ({ run }) => ({ url: '/api/auth/send-verification-email', body: { email: `inconnu${run}@exemple.fr` } }),
  },
  ...fixedRoute('POST', '/api/auth/reset-password', 'visitor', { body: { token: 'jeton-inconnu', newPassword: 'nouveau-mot-de-passe' } }),
  ...fixedRoute('GET', '/api/devis', 'owner', { query: { q: 'lyon' } }),
  'PUT /api/devis/:id/completer': {
    as: 'owner',
    build: async (ctx) => ({
      url: `/api/devis/${await quoteIn(ctx, 'en attente')}/completer`,
      body: validCompletion() as unknown as Record<string, unknown>,
    }),
    multiLine: ['commentaire'],
  },
  ...fixedRoute('GET', '/api/admin/devis', 'admin', { query: { q: 'martin', groupe: 'x@exemple.fr' } }),
  'POST /api/admin/devis/:id/confirmer': {
    as: 'admin',
    build: async (ctx) => ({
      url: `/api/admin/devis/${await quoteIn(ctx, 'en attente de confirmation')}/confirmer`,
      body: { prixFinal: '1250,50', clauses: { km: true, longDistance: false } },
    }),
  },
  'POST /api/admin/devis/:id/devis-signe': {
    as: 'admin',
    build: async (ctx) => ({ url: `/api/admin/devis/${await quoteIn(ctx, 'envoyé')}/devis-signe`, file: { filename: 'devis-signe.pdf' } }),
  },
  // The baseline is refused (the quote has no PDF sent): what matters here is what the text rule refuses first.
  'POST /api/devis/:id/signer': {
    as: 'owner',
    build: async (ctx) => ({
      url: `/api/devis/${await quoteIn(ctx, 'envoyé')}/signer`,
      body: signBody('Client Fuzz'),
    }),
  },
  // Missions (issue 15): the completed inspection, whose text fields follow the rule (remarks and reservations are multi-line).
  'POST /api/admin/missions/:id/:etape': {
    as: 'admin',
    build: async (ctx) => ({
      url: `/api/admin/missions/${await quoteIn(ctx, 'en cours')}/livraison`,
      body: inspectionBody({
        lieu: 'Marseille (13000)',
        documents: ['certificat-immatriculation'],
        autresDocuments: 'Double des clés',
        dommages: [{ id: randomUUID(), x: 0.3, y: 0.2, nature: 'rayure', note: 'Aile avant gauche', photoId: null }],
        reserves: 'Rayure constatée.',
      }),
    }),
    multiLine: ['remarques', 'reserves'],
  },
  // The baseline has no photo (refused): what matters is that the ids and the query refuse hostile text first.
  'PUT /api/admin/missions/:id/:etape/photos/:photoId': {
    as: 'admin',
    build: async (ctx) => ({
      url: `/api/admin/missions/${await quoteIn(ctx, 'en cours')}/prise-en-charge/photos/${randomUUID()}`,
      query: { emplacement: 'avant', prisLe: '2026-11-20T09:15:00+01:00' },
    }),
  },
  'DELETE /api/admin/missions/:id/:etape/photos/:photoId': {
    as: 'admin',
    build: async (ctx) => ({ url: `/api/admin/missions/${await quoteIn(ctx, 'en cours')}/prise-en-charge/photos/${randomUUID()}` }),
  },
  'GET /api/devis/:id/photos/:photoId': {
    as: 'owner',
    build: async (ctx) => ({ url: `/api/devis/${await quoteIn(ctx, 'en cours')}/photos/${randomUUID()}`, query: { taille: 'vignette' } }),
  },
  'GET /api/devis/:id/pv/:etape': {
    as: 'owner',
    build: async (ctx) => ({ url: `/api/devis/${await quoteIn(ctx, 'en cours')}/pv/prise-en-charge` }),
  },
  // Live tracking: the position's id and time are text (the baseline is refused, 409: no pickup); the receiver's token.
  'POST /api/admin/missions/:id/positions': {
    as: 'admin',
    build: async (ctx) => ({
      url: `/api/admin/missions/${await quoteIn(ctx, 'en cours')}/positions`,
      body: { positions: [{ id: randomUUID(), lat: 48.85, lon: 2.35, precision: 10, prisLe: '2026-12-01T08:40:00+01:00' }] },
    }),
  },
  ...fixedRoute('GET', '/api/admin/planning.ics', 'visitor', { query: { token: 'jeton-inconnu' } }),
  ...Object.fromEntries([
    idRoute('GET', '/api/devis/:id', 'owner', 'en attente'),
    idRoute('POST', '/api/devis/:id/archiver', 'owner', 'en attente'),
    idRoute('POST', '/api/devis/:id/restaurer', 'owner', 'archivé'),
    idRoute('DELETE', '/api/devis/:id', 'owner', 'en attente'),
    idRoute('GET', '/api/devis/:id/devis-signe', 'owner', 'en cours'),
    idRoute('GET', '/api/devis/:id/signature', 'owner', 'envoyé'),
    idRoute('GET', '/api/devis/:id/devis-envoye', 'owner', 'envoyé'),
    idRoute('POST', '/api/devis/:id/retractation', 'owner', 'en cours'),
    idRoute('POST', '/api/devis/:id/annulation', 'owner', 'en cours'),
    idRoute('GET', '/api/admin/devis/:id', 'admin', 'envoyé'),
    idRoute('POST', '/api/admin/devis/:id/confirmer-signe', 'admin', 'envoyé'),
    idRoute('GET', '/api/admin/missions/:id', 'admin', 'en cours'),
    idRoute('GET', '/api/devis/:id/etats-des-lieux', 'owner', 'en cours'),
    idRoute('GET', '/api/devis/:id/suivi', 'owner', 'en cours'),
    idRoute('POST', '/api/admin/devis/:id/renvoyer-email', 'admin', 'confirmé'),
    idRoute('POST', '/api/admin/devis/:id/prolonger', 'admin', 'envoyé'),
    idRoute('POST', '/api/admin/devis/:id/terminer', 'admin', 'en cours'),
    idRoute('POST', '/api/admin/devis/:id/archiver', 'admin', 'en attente'),
    idRoute('POST', '/api/admin/devis/:id/restaurer', 'admin', 'archivé'),
    idRoute('DELETE', '/api/admin/devis/:id', 'admin', 'terminé'),
    idRoute('POST', '/api/admin/devis/:id/facture', 'admin', 'terminé'),
    invoiceRoute('GET', '/api/admin/factures/:id', 'draft'),
    invoiceRoute('DELETE', '/api/admin/factures/:id', 'draft'),
    invoiceRoute('POST', '/api/admin/factures/:id/emettre', 'draft'),
    invoiceRoute('POST', '/api/admin/factures/:id/relance', 'issued'),
    invoiceRoute('GET', '/api/factures/:id/pdf', 'issued', 'owner'),
    invoiceRoute('GET', '/api/admin/factures/:id/plateforme', 'issued'),
    invoiceRoute('POST', '/api/admin/factures/:id/plateforme/renvoyer', 'issued'),
    idRoute('GET', '/api/admin/missions/:id/couts', 'admin', 'en cours'),
    expenseRoute('GET', '/api/admin/depenses/:id'),
    expenseRoute('DELETE', '/api/admin/depenses/:id'),
    expenseRoute('GET', '/api/admin/depenses/:id/justificatif'),
    // The baseline has no file (refused): what matters is that the id refuses hostile text first.
    expenseRoute('PUT', '/api/admin/depenses/:id/justificatif'),
    invoiceRoute('GET', '/api/factures/:id/paiement', 'issued', 'owner'),
    invoiceRoute('POST', '/api/factures/:id/paiement/en-ligne', 'issued', 'owner'),
    invoiceRoute('GET', '/api/admin/factures/:id/relances', 'issued'),
    invoiceRoute('GET', '/api/admin/factures/:id/remboursements-carte', 'issued'),
  ]),
  // Expenses (issue 30): an expense's fields (the note is multi-line), the list's filters, the CSV's and the margin's year.
  'POST /api/admin/depenses': {
    as: 'admin',
    build: async (ctx) => ({ url: '/api/admin/depenses', body: expenseBody({ devisId: await quoteIn(ctx, 'en cours'), note: 'Aller' }) }),
    multiLine: ['note'],
  },
  'PUT /api/admin/depenses/:id': {
    as: 'admin',
    build: async (ctx) => {
      const { id: _id, ...fields } = expenseBody({ devisId: await quoteIn(ctx, 'en cours'), note: 'Retour' });
      return { url: `/api/admin/depenses/${await expenseIn(ctx)}`, body: fields };
    },
    multiLine: ['note'],
  },
  'GET /api/admin/depenses': {
    as: 'admin',
    build: async (ctx) => ({ url: '/api/admin/depenses', query: { devisId: await quoteIn(ctx, 'en cours'), annee: '2026', mois: '12' } }),
  },
  'GET /api/admin/depenses.csv': { as: 'admin', build: async () => ({ url: '/api/admin/depenses.csv', query: { annee: '2026' } }) },
  'GET /api/admin/rentabilite': { as: 'admin', build: async () => ({ url: '/api/admin/rentabilite', query: { annee: '2026' } }) },
  // Getting paid: the reminders' switch, the bank's CSV mapping, a statement line's match, the provider's notification.
  'PUT /api/admin/factures/:id/relances': {
    as: 'admin',
    build: async ({ t, owner }) => ({
      url: `/api/admin/factures/${await issuedThroughService(t, owner)}/relances`,
      body: { arretees: true },
    }),
  },
  'POST /api/admin/factures/:id/remboursements-carte': {
    as: 'admin',
    build: async ({ t, owner }) => ({
      url: `/api/admin/factures/${await issuedThroughService(t, owner)}/remboursements-carte`,
      body: { paiementId: randomUUID() },
    }),
  },
  'PUT /api/admin/banque/correspondance-csv': {
    as: 'admin',
    build: async () => ({ url: '/api/admin/banque/correspondance-csv', body: { ...boursoMapping } }),
  },
  'POST /api/admin/banque/operations/:id/rapprochement': {
    as: 'admin',
    build: async () => ({ url: `/api/admin/banque/operations/${randomUUID()}/rapprochement`, body: { factureId: randomUUID() } }),
  },
  'POST /api/admin/banque/operations/:id/ignorer': {
    as: 'admin',
    build: async () => ({ url: `/api/admin/banque/operations/${randomUUID()}/ignorer` }),
  },
  'POST /api/admin/banque/operations/:id/depense-existante': {
    as: 'admin',
    build: async () => ({ url: `/api/admin/banque/operations/${randomUUID()}/depense-existante`, body: { depenseId: randomUUID() } }),
  },
  'POST /api/admin/banque/operations/:id/depense': {
    as: 'admin',
    build: async () => ({ url: `/api/admin/banque/operations/${randomUUID()}/depense`, body: { categorie: 'peage', devisId: null } }),
  },
  // The baseline is refused (a PDF is no statement): what matters is that the file's name is checked first.
  'POST /api/admin/banque/releves': {
    as: 'admin',
    build: async () => ({ url: '/api/admin/banque/releves', file: { filename: 'releve.xml' } }),
  },
  // No provider in this app: refused whatever the body (its signature is the only key, payments/online.test.ts).
  'POST /api/paiements/stripe/webhook': {
    as: 'visitor',
    build: async () => ({ url: '/api/paiements/stripe/webhook', body: { id: 'evt_1', type: 'checkout.session.completed' } }),
  },
  // Invoices: the list's filters, a draft's lines and customer, a credit note's reason, a payment, the revenue's year.
  'GET /api/admin/factures': {
    as: 'admin',
    build: async () => ({
      url: '/api/admin/factures',
      query: { etat: 'à payer', type: 'facture', du: '2026-01-01', au: '2026-12-31', devisId: 'abc' },
    }),
  },
  'PUT /api/admin/factures/:id': {
    as: 'admin',
    build: async ({ t, owner }) => ({
      url: `/api/admin/factures/${await draftThroughService(t, owner)}`,
      body: {
        lignes: [{ description: 'Convoyage Lyon → Grenoble', quantite: 1, prixUnitaireCentimes: 38_990 }],
        datePrestation: '2026-11-20',
        client: { nom: 'Garage Durand', adresse: '8 avenue Jean Jaurès, 69007 Lyon', siret: '73282932000074' },
      },
    }),
    multiLine: ['lignes.0.description'],
  },
  'POST /api/admin/factures/:id/avoir': {
    as: 'admin',
    build: async ({ t, owner }) => ({
      url: `/api/admin/factures/${await issuedThroughService(t, owner)}/avoir`,
      body: { motif: 'Geste commercial', montantCentimes: 1_000 },
    }),
  },
  'POST /api/admin/factures/:id/paiements': {
    as: 'admin',
    build: async ({ t, owner }) => ({
      url: `/api/admin/factures/${await issuedThroughService(t, owner)}/paiements`,
      body: { date: '2026-01-02', montantCentimes: 1_000, moyen: 'virement' },
    }),
  },
  // « Mes appareils »: a session of the owner's opened for the run (its id is the only text).
  'DELETE /api/comptes/sessions/:id': {
    as: 'owner',
    build: async ({ t, owner }) => {
      await signIn(t, owner.email, owner.password);
      const newest = await t.app.database.db
        .selectFrom('session')
        .select('id')
        .where('userId', '=', owner.id)
        .orderBy('createdAt', 'desc')
        .executeTakeFirstOrThrow();
      return { url: `/api/comptes/sessions/${newest.id}` };
    },
  },
  // The audit journal's filters (the kind is one of a list, the page a number).
  ...fixedRoute('GET', '/api/admin/journal', 'admin', { query: { devis: '12', compte: 'x@exemple.fr' } }),
  // A wrong password: deleting for real is privacy.test.ts's; here only what the text does.
  ...fixedRoute('DELETE', '/api/comptes/moi', 'owner', wrongPassword.request, wrongPassword.more),
  // The second factor (two-factor/): codes and the password given again.
  ...fixedRoute('POST', '/api/comptes/double-authentification/activation', 'owner', { body: { code: '123456' } }),
  ...fixedRoute('POST', '/api/comptes/reauthentification', 'owner', wrongPassword.request, wrongPassword.more),
  ...fixedRoute('POST', '/api/auth/two-factor/verify-totp', 'visitor', { body: { code: '123456' } }),
  ...fixedRoute('POST', '/api/auth/two-factor/verify-backup-code', 'visitor', { body: { code: 'abcde-12345' } }),
  ...fixedRoute('GET', '/api/admin/chiffre-affaires', 'admin', { query: { annee: '2026' } }),
  ...fixedRoute('GET', '/api/admin/chiffre-affaires.csv', 'admin', { query: { annee: '2026' } }),
  // E-invoicing: a SIREN, a page, a purchase's id, a refusal's comment, a period (e-invoicing.test.ts has a platform).
  'GET /api/admin/annuaire/:siren': {
    as: 'admin',
    build: async () => ({ url: '/api/admin/annuaire/732829320', query: { rafraichir: '1' } }),
  },
  ...fixedRoute('GET', '/api/admin/achats', 'admin', { query: { page: '1' } }),
  'GET /api/admin/achats/:id/fichier': { as: 'admin', build: async ({ run }) => ({ url: `/api/admin/achats/achat-${run}/fichier` }) },
  'POST /api/admin/achats/:id/approuver': {
    as: 'admin',
    build: async ({ run }) => ({
      url: `/api/admin/achats/achat-${run}/approuver`,
      body: { depense: true, devisId: null, categorie: 'carburant', moyenPaiement: 'carte' },
    }),
  },
  'POST /api/admin/achats/:id/refuser': {
    as: 'admin',
    build: async ({ run }) => ({
      url: `/api/admin/achats/achat-${run}/refuser`,
      body: { motif: 'DOUBLON', commentaire: 'Déjà reçue le 3 mars' },
    }),
    multiLine: ['commentaire'],
  },
  'POST /api/admin/e-reporting/:periode/transmettre': {
    as: 'admin',
    build: async () => ({ url: '/api/admin/e-reporting/2026-01/transmettre' }),
  },
  ...fixedRoute('POST', '/api/plateforme-agreee/webhook', 'visitor', {
    body: { flowInfo: { flowId: 'flux-1', flowType: 'CustomerInvoiceLC' } },
  }),
};

/** API routes that take no text from the caller. */
const NO_TEXT_INPUT = new Set([
  'GET /api/health',
  'GET /api/config',
  'GET /api/me',
  // The terms of sale in force, no parameter.
  'GET /api/cgv',
  // The back office's « À faire », no parameter.
  'GET /api/admin/a-faire',
  'GET /api/admin/banque/debits/propositions',
  'GET /api/comptes/profil',
  'GET /api/devis/archives',
  'GET /api/admin/devis-archives',
  'GET /api/comptes/notifications',
  // The caller's own data, no parameter.
  'GET /api/comptes/mes-donnees',
  // The caller's own invoices, no parameter.
  'GET /api/factures',
  // The e-reporting of the last periods, no parameter.
  'GET /api/admin/e-reporting',
  // The bank page: no parameter.
  'GET /api/admin/banque',
  // Booleans only.
  'PUT /api/comptes/notifications',
  // The receiver's token: base64url of 16 to 64 characters or 400, before anything is read (tracking.test.ts).
  'GET /api/suivi/:token',
  // The second factor's state, a new secret, turning it off, new backup codes: no body.
  'GET /api/comptes/double-authentification',
  'POST /api/comptes/double-authentification/configuration',
  'DELETE /api/comptes/double-authentification',
  'POST /api/comptes/double-authentification/codes-secours',
  // Missions: the planning, and the calendar link's state and renewal (no body).
  'GET /api/admin/missions',
  'GET /api/admin/planning/agenda',
  'POST /api/admin/planning/agenda',
  // « Mes appareils »: the caller's sessions, and « déconnecter les autres » (no body).
  'GET /api/comptes/sessions',
  'POST /api/comptes/sessions/deconnecter-autres',
  // The bridge answers 404 to every better-auth endpoint but those it exposes: the four above, and sign-out without a body.
  'GET /api/auth/*',
  'POST /api/auth/*',
]);

const CONTROL_CHARACTERS = [...Array.from({ length: 0x20 }, (_, c) => c), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i)].map((c) =>
  String.fromCharCode(c),
);
const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'Jean\u0000Dupont',
    '\ud800',
    '\udbff',
    '\udc00',
    '\udfff',
    '\ud83d\ude97',
    '\u0085',
    '\u009b',
    '\u001b[31m',
    '\t',
    '\n',
    '\r\n',
    '\u2028',
    '\u202e',
    '\ufeff',
    '\ufffd',
    'é',
    "'; drop table devis; --",
    '%00',
    '\\u0000',
  ),
  fc.constantFrom(...CONTROL_CHARACTERS),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer({ min: 200, max: 6000 }).map((length) => 'x'.repeat(length)),
);
const placement = fc.constantFrom('replace', 'append', 'prepend', 'middle');

function place(valid: string, hostile: string, how: string): string {
  if (how === 'replace') return hostile;
  if (how === 'append') return valid + hostile;
  if (how === 'prepend') return hostile + valid;
  const middle = Math.floor(valid.length / 2);
  return valid.slice(0, middle) + hostile + valid.slice(middle);
}

/**
 * Percent-encodes any string, lone surrogates included (as their 3-byte WTF-8 form, which no
 * UTF-8 decoder accepts), where encodeURIComponent would throw.
 */
function percentEncode(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    const bytes =
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        : [...Buffer.from(char, 'utf8')];
    out += /^[A-Za-z0-9_.~-]$/.test(char) ? char : bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** Paths of the string leaves of a request: body.a.b, query.q, params.id, file.filename. */
function textPaths(built: Built, url: string): string[] {
  const paths: string[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === 'string') paths.push(path.join('.'));
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
  };
  walk({ body: built.body, query: built.query, file: built.file }, []);
  if (/:(id|siren|periode)\b/.test(url)) paths.push('params.id');
  return paths;
}

const ID_PARENTS = ['devis', 'missions', 'factures', 'sessions', 'operations', 'depenses', 'achats', 'annuaire', 'e-reporting'];

function setPath(built: Built, path: string, value: (old: string) => string): Built {
  const copy = structuredClone(built);
  if (path === 'params.id') {
    // The id is the segment after one of these (/devis/, /factures/, /achats/…); the action after it stays.
    const segments = copy.url.split('/');
    const index = segments.findIndex((_segment, i) => i > 0 && ID_PARENTS.includes(segments[i - 1]!));
    segments[index] = percentEncode(value(segments[index]!));
    copy.url = segments.join('/');
    return copy;
  }
  const keys = path.split('.');
  let target = copy as unknown as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  target[last] = value(target[last] as string);
  return copy;
}

const fieldName = (path: string) => path.split('.').slice(1).join('.');

/** Every stored string (JSON columns opened) that the rule would refuse. */
async function unstorableStored(t: TestApp): Promise<string[]> {
  const db = t.app.database.db;
  const [devis, utilisateurs, users, factures, lignes, depenses] = await Promise.all([
    db.selectFrom('devis').selectAll().execute(),
    db.selectFrom('utilisateurs').selectAll().execute(),
    db.selectFrom('user').select(['email', 'name']).execute(),
    db.selectFrom('factures').selectAll().execute(),
    db.selectFrom('facture_lignes').select(['description']).execute(),
    db.selectFrom('depenses').select(['id', 'devisId', 'note']).execute(),
  ]);
  const found: string[] = [];
  const check = (value: unknown, where: string, kind: TextKind) => {
    if (typeof value === 'string') {
      const parsed = value.startsWith('{') ? (() => JSON.parse(value) as unknown)() : null;
      if (parsed) return check(parsed, where, kind);
      if (!isStorableText(value, kind) || value.includes('\ufffd')) found.push(`${where}: ${JSON.stringify(value.slice(0, 80))}`);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) check(child, `${where}.${key}`, key === 'commentaire' ? 'multi-line' : kind);
    }
  };
  devis.forEach((row, i) => check(row, `devis[${i}]`, 'single-line'));
  utilisateurs.forEach((row, i) => check(row, `utilisateurs[${i}]`, 'single-line'));
  users.forEach((row, i) => check(row, `user[${i}]`, 'single-line'));
  factures.forEach((row, i) => check(row, `factures[${i}]`, 'single-line'));
  lignes.forEach((row, i) => check(row, `facture_lignes[${i}]`, 'multi-line'));
  depenses.forEach((row, i) => check(row, `depenses[${i}]`, 'multi-line'));
  return found;
}

async function snapshot(t: TestApp): Promise<string> {
  const db = t.app.database.db;
  const [devis, historique, utilisateurs, users, factures, lignes, paiements, depenses] = await Promise.all([
    db.selectFrom('devis').selectAll().orderBy('id').execute(),
    db.selectFrom('devis_historique').select(['devisId', 'toStatut']).orderBy('id').execute(),
    db.selectFrom('utilisateurs').selectAll().orderBy('uid').execute(),
    db.selectFrom('user').select(['id', 'email', 'name', 'emailVerified']).orderBy('id').execute(),
    db.selectFrom('factures').selectAll().orderBy('id').execute(),
    db.selectFrom('facture_lignes').selectAll().orderBy('factureId').orderBy('position').execute(),
    db.selectFrom('facture_paiements').selectAll().orderBy('id').execute(),
    db.selectFrom('depenses').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ devis, historique, utilisateurs, users, factures, lignes, paiements, depenses });
}

/** Counterexamples print short. */
const shown = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}… (${value.length})` : value);

export const textFuzzStats = { inputs: 0 };

describe.each(ENGINES)('hostile text in every text field of every route, on %s', (engine) => {
  const t = useTestApp(engine, { env: { PUBLIC_RATE_LIMIT: '0', DAILY_QUOTE_LIMIT: '0' } });
  let owner: Awaited<ReturnType<typeof createCustomer>>;
  let headers: Record<Caller, Record<string, string>>;
  let pdf: Buffer;

  beforeAll(async () => {
    owner = await createCustomer(t, { name: 'Client Fuzz' });
    headers = { visitor: { origin: PUBLIC_URL }, owner: owner.headers!, admin: (await createAdmin(t)).headers };
    pdf = await makePdf();
  });

  it('covers every API route that takes text', () => {
    const routes = new Set(
      t.app.routeCatalogue
        .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !route.url.startsWith('/api/docs'))
        .map((route) => `${route.method} ${route.url}`),
    );
    expect([...routes].filter((key) => !(key in TEXT_ROUTES) && !NO_TEXT_INPUT.has(key))).toEqual([]);
    // The bridge's endpoints are one route (/api/auth/*) in the catalogue.
    const isRoute = (key: string) => routes.has(key) || (key.startsWith('POST /api/auth/') && routes.has('POST /api/auth/*'));
    expect(Object.keys(TEXT_ROUTES).filter((key) => !isRoute(key))).toEqual([]);
  });

  it('never answers 5xx, refuses what the rule refuses, stores nothing it would refuse, and the admin search answers', async () => {
    let run = 0;
    /** Stored values whose U+FFFD was sent as such and accepted. */
    const sentReplacementCharacters = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(TEXT_ROUTES)),
        fc.nat(),
        hostileString,
        placement,
        async (key, pathPick, hostile, how) => {
          run += 1;
          textFuzzStats.inputs += 1;
          const route = TEXT_ROUTES[key]!;
          const [method, template] = key.split(' ') as [string, string];
          const valid = await route.build({ t, owner, run });
          const paths = textPaths(valid, template);
          const path = paths[pathPick % paths.length]!;
          const field = fieldName(path);
          let sent = '';
          const built = setPath(valid, path, (old) => (sent = place(old, hostile, how)));
          const kind: TextKind = route.multiLine?.includes(field) ? 'multi-line' : 'single-line';
          const query = built.query
            ? `?${Object.entries(built.query)
                .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
                .join('&')}`
            : '';
          // A query string cannot carry a lone surrogate: the server reads what fast-querystring decodes.
          // Nor a multipart header: it travels as UTF-8, a lone surrogate as U+FFFD.
          const received = path.startsWith('query.')
            ? String(parseQuery(query.slice(1))[field])
            : path.startsWith('file.')
              ? Buffer.from(sent, 'utf8').toString('utf8')
              : sent;
          // Spaces and line breaks around a value are trimmed before the rule applies.
          const mustRefuse = !route.exempt?.[field] && !isStorableText(received.trim(), kind);

          // The e-mails earlier runs queued are sent first: a sent quote e-mail moves its quote to envoyé.
          await t.outbox();
          const before = await snapshot(t);
          const requestHeaders: Record<string, string> = {
            ...headers[route.as],
            'x-forwarded-for': `198.18.${run % 250}.${(run >> 8) % 250}`,
          };
          let payload: string | Buffer | undefined;
          if (built.file) {
            const multipart = multipartBody([{ filename: built.file.filename, contentType: 'application/pdf', content: pdf }]);
            payload = multipart.payload;
            requestHeaders['content-type'] = multipart.contentType;
          } else if (built.body) {
            payload = JSON.stringify(built.body);
            requestHeaders['content-type'] = 'application/json';
          }
          const response = await t.app.inject({ method: method as 'GET', url: built.url + query, headers: requestHeaders, payload });
          const context = `${key} ${path} ← ${shown(sent)} → ${response.statusCode} ${response.body.slice(0, 200)}`;

          expect(response.statusCode, context).toBeLessThan(500);
          expect(response.body, context).not.toMatch(/at [^\n]+\.(ts|js):\d+/);
          if (mustRefuse) {
            const refused = route.refusedAs ? route.refusedAs(response) : response.statusCode >= 400;
            expect(refused, context).toBe(true);
          }
          if (response.statusCode >= 400) expect(await snapshot(t), context).toBe(before);
          // A U+FFFD the caller sent on purpose is good text (the rule accepts it): what it left in
          // the database is no sign of a surrogate mangled on the way, now or in later runs.
          const found = await unstorableStored(t);
          if (received.includes('\ufffd') && response.statusCode < 400) {
            for (const finding of found) if (finding.includes('\ufffd')) sentReplacementCharacters.add(finding.replace(/^[^:]+: /, ''));
          }
          expect(
            found.filter((finding) => !sentReplacementCharacters.has(finding.replace(/^[^:]+: /, ''))),
            context,
          ).toEqual([]);
          const search = await t.app.inject({ url: '/api/admin/devis?q=martin', headers: headers.admin });
          expect(search.statusCode, `admin search after ${context}`).toBe(200);
        },
      ),
      { numRuns: engine === 'postgres' ? 250 : 120, seed: 20261123 },
    );
  }, 240_000);
});
