import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { parisToday } from '#domain/format.ts';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import { canApply, STATUTS, type QuoteAction, type Statut } from '#domain/statuses.ts';
import { expenseBody } from '#server/expenses/test-factories.ts';
import { inspectionBody } from '#server/missions/test-factories.ts';
import { makePdf, multipartBody } from '#server/quotes/back-office-test-factories.ts';
import { addProfile, draftThroughService, issuedThroughService } from '#server/invoices/test-factories.ts';
import { boursoMapping, camt053Xml } from '#server/payments/statements/test-factories.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import { signBody } from '#server/signatures/test-factories.ts';
import { createAdmin, createCustomer, ENGINES, PUBLIC_URL, useTestApp } from '#server/test/helpers.ts';

/**
 * The access matrix: every API route × every kind of caller × (for quote routes) every
 * status of a quote owned by customer A. One table says what each cell must answer; a route
 * that exists in the app but not in the table fails the test, so none can be forgotten.
 */

const ROLES = ['visitor', 'unverified', 'owner', 'other', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Expected = number | ((statut: Statut) => number);
type Entry = {
  /** Quote routes get a fresh quote of customer A in each status for each cell. */
  perQuote: boolean;
  /**
   * Invoice routes: `:id` is an invoice of customer A's finished mission, a fresh draft or a
   * fresh issued one for each cell (the admin's cell changes it), or one issued for all.
   */
  invoice?: 'draft' | 'issued' | 'shared';
  /** Expense routes: `:id` is a fresh expense (of customer A's mission) for each cell. */
  expense?: boolean;
  /** A fixed `:id` for routes whose id is neither a quote nor an invoice. */
  id?: string;
  expect: Record<Role, Expected>;
  request?: (ctx: { pdf: Buffer; jpeg: Buffer; cell: number }) => { payload?: unknown; headers?: Record<string, string>; query?: string };
};

/** Customer routes: sign-in required, then the owner's status rules; anyone else sees nothing. */
const customerQuote = (onOwner: Expected): Record<Role, Expected> => ({
  visitor: 401,
  unverified: 403,
  owner: onOwner,
  other: 404,
  admin: 404,
});
/** Admin routes: the status rules of the one transition table. */
const adminOnly = (onAdmin: Expected): Record<Role, Expected> => ({
  visitor: 401,
  unverified: 403,
  owner: 403,
  other: 403,
  admin: onAdmin,
});
const byTable = (role: 'customer' | 'admin', action: QuoteAction, ok: number) => (statut: Statut) =>
  canApply(role, action, statut) ? ok : 409;
/** An account's own routes: sign-in and a verified e-mail required, then the same answer for any customer (the administrator's may differ). */
const signedIn = (onCustomer: number, onAdmin = onCustomer): Record<Role, Expected> => ({
  visitor: 401,
  unverified: 403,
  owner: onCustomer,
  other: onCustomer,
  admin: onAdmin,
});
const everyone = (status: number): Record<Role, Expected> => ({
  visitor: status,
  unverified: status,
  owner: status,
  other: status,
  admin: status,
});

const TABLE: Record<string, Entry> = {
  'GET /api/health': { perQuote: false, expect: everyone(200) },
  'GET /api/config': { perQuote: false, expect: everyone(200) },
  'GET /api/me': { perQuote: false, expect: everyone(200) },
  'GET /api/adresses': { perQuote: false, expect: everyone(200), request: () => ({ query: '?q=lyon' }) },
  'POST /api/getDistance': { perQuote: false, expect: everyone(200), request: () => ({ payload: { depart: 'Paris', arrivee: 'Lyon' } }) },
  'POST /api/devis/simulation': {
    perQuote: false,
    expect: everyone(200),
    request: () => ({ payload: { adresseDepart: 'Paris', adresseArrivee: 'Lyon', typeVehicule: 'Citadine' } }),
  },
  'POST /api/comptes/inscription': {
    perQuote: false,
    expect: everyone(201),
    request: ({ cell }) => ({
      headers: { 'x-forwarded-for': `203.0.113.${cell % 250}` },
      payload: {
        nom: 'Nouveau',
        telephone: '0612345678',
        email: `nouveau${cell}@exemple.fr`,
        adresse: 'Lyon',
        type: 'particulier',
        motDePasse: 'motdepasse1',
        confirmation: 'motdepasse1',
        resterConnecte: true,
      },
    }),
  },
  // A verification link without a token leads back to the login page with a message.
  'GET /api/comptes/verification-email': { perQuote: false, expect: everyone(303) },
  // The admin uses its own API; the customer API lists the caller's own quotes (none for the admin).
  'GET /api/devis': { perQuote: false, expect: { visitor: 401, unverified: 403, owner: 200, other: 200, admin: 200 } },
  'GET /api/devis/archives': { perQuote: false, expect: { visitor: 401, unverified: 403, owner: 200, other: 200, admin: 200 } },
  'GET /api/devis/:id': { perQuote: true, expect: customerQuote(200) },
  'PUT /api/devis/:id/completer': {
    perQuote: true,
    expect: customerQuote(byTable('customer', 'complete', 200)),
    request: () => ({ payload: validCompletion() }),
  },
  'POST /api/devis/:id/archiver': { perQuote: true, expect: customerQuote(byTable('customer', 'archive', 200)) },
  'POST /api/devis/:id/restaurer': { perQuote: true, expect: customerQuote(byTable('customer', 'restore', 200)) },
  'DELETE /api/devis/:id': { perQuote: true, expect: customerQuote(byTable('customer', 'delete', 204)) },
  // No signed file was uploaded for these quotes: the owner and the admin get 404 too.
  'GET /api/devis/:id/devis-signe': { perQuote: true, expect: { visitor: 401, unverified: 403, owner: 404, other: 404, admin: 404 } },
  // Online signature: the page's data for the owner in any status; the PDF sent only once there is one (none here).
  'GET /api/devis/:id/signature': { perQuote: true, expect: customerQuote(200) },
  'GET /api/devis/:id/devis-envoye': { perQuote: true, expect: { visitor: 401, unverified: 403, owner: 404, other: 404, admin: 404 } },
  // These quotes were never sent with a PDF: even envoyé, there is nothing to sign (409). signatures.test.ts signs real ones.
  'POST /api/devis/:id/signer': {
    perQuote: true,
    expect: customerQuote(409),
    request: () => ({ payload: signBody('Client A') }),
  },
  // Terms of sale: anyone reads them.
  'GET /api/cgv': { perQuote: false, expect: everyone(200) },
  // A consumer's signed quote (en cours, moved there today) within the period; legal.test.ts has every refusal.
  'POST /api/devis/:id/retractation': { perQuote: true, expect: customerQuote(byTable('customer', 'withdraw', 200)) },
  // The same consumer may still withdraw, and the others are not signed: 409 each; legal.test.ts has the accepted request.
  'POST /api/devis/:id/annulation': { perQuote: true, expect: customerQuote(409) },
  // The administrator has no customer profile.
  'GET /api/comptes/profil': { perQuote: false, expect: { visitor: 401, unverified: 403, owner: 200, other: 200, admin: 404 } },
  'GET /api/comptes/notifications': { perQuote: false, expect: { visitor: 401, unverified: 403, owner: 200, other: 200, admin: 200 } },
  'PUT /api/comptes/notifications': {
    perQuote: false,
    expect: { visitor: 401, unverified: 403, owner: 200, other: 200, admin: 200 },
    request: () => ({ payload: { suiviParEmail: true } }),
  },
  // « Mes appareils » (sessions/): the caller's own sessions; a session id that is not the caller's is not found.
  'GET /api/comptes/sessions': { perQuote: false, expect: signedIn(200) },
  'DELETE /api/comptes/sessions/:id': {
    perQuote: false,
    id: randomUUID(),
    expect: signedIn(404),
  },
  // Each caller has one session here: nothing else to end, and its own stays open for the next cells.
  'POST /api/comptes/sessions/deconnecter-autres': { perQuote: false, expect: signedIn(200) },
  // The audit journal (audit/).
  'GET /api/admin/journal': { perQuote: false, expect: adminOnly(200), request: () => ({ query: '?type=quote.archive&page=1' }) },
  // The back office's home (admin-home/): what waits for the administrator.
  'GET /api/admin/a-faire': { perQuote: false, expect: adminOnly(200) },
  // Customers' rights (RGPD): every account exports its own data. Deleting with a wrong password is
  // refused to all (the administrator's account never goes this way); privacy.test.ts deletes for real.
  'GET /api/comptes/mes-donnees': { perQuote: false, expect: signedIn(200) },
  'DELETE /api/comptes/moi': {
    perQuote: false,
    expect: signedIn(403),
    request: () => ({ payload: { motDePasse: 'pas-le-bon-mot-de-passe' } }),
  },
  // The second factor (issue 18): every verified account's own; the administrator cannot turn it off.
  'GET /api/comptes/double-authentification': { perQuote: false, expect: signedIn(200) },
  'POST /api/comptes/double-authentification/configuration': { perQuote: false, expect: signedIn(200, 409) },
  // With an empty body: refused as invalid once the caller is known (two-factor.test.ts sends codes).
  'POST /api/comptes/double-authentification/activation': { perQuote: false, expect: signedIn(400) },
  'DELETE /api/comptes/double-authentification': { perQuote: false, expect: signedIn(409, 403) },
  'POST /api/comptes/double-authentification/codes-secours': { perQuote: false, expect: signedIn(409, 200) },
  'POST /api/comptes/reauthentification': { perQuote: false, expect: signedIn(400) },
  'GET /api/admin/devis': { perQuote: false, expect: adminOnly(200) },
  'GET /api/admin/devis-archives': { perQuote: false, expect: adminOnly(200) },
  'GET /api/admin/devis/:id': { perQuote: true, expect: adminOnly(200) },
  'POST /api/admin/devis/:id/confirmer': {
    perQuote: true,
    expect: adminOnly(byTable('admin', 'confirm', 200)),
    request: () => ({ payload: { prixFinal: '1250,50', clauses: { km: true, longDistance: false } } }),
  },
  // A confirmé quote's e-mail can be sent again (here it has none yet: it is queued anew); no other status has one to send.
  'POST /api/admin/devis/:id/renvoyer-email': { perQuote: true, expect: adminOnly((statut) => (statut === 'confirmé' ? 200 : 409)) },
  // « Prolonger » (issue 28): only a quote sent past its validity date; these quotes have none, so none is (legal.test.ts extends one).
  'POST /api/admin/devis/:id/prolonger': { perQuote: true, expect: adminOnly(409) },
  'POST /api/admin/devis/:id/confirmer-signe': { perQuote: true, expect: adminOnly(byTable('admin', 'confirmSigned', 200)) },
  'POST /api/admin/devis/:id/terminer': { perQuote: true, expect: adminOnly(byTable('admin', 'finish', 200)) },
  'POST /api/admin/devis/:id/archiver': { perQuote: true, expect: adminOnly(byTable('admin', 'archive', 200)) },
  'POST /api/admin/devis/:id/restaurer': { perQuote: true, expect: adminOnly(byTable('admin', 'restore', 200)) },
  'DELETE /api/admin/devis/:id': { perQuote: true, expect: adminOnly(byTable('admin', 'delete', 204)) },
  // The mission (issue 15): planning, inspections, photos, reports, the calendar feed.
  'GET /api/admin/missions': { perQuote: false, expect: adminOnly(200) },
  'GET /api/admin/missions/:id': { perQuote: true, expect: adminOnly(200) },
  'PUT /api/admin/missions/:id/:etape/photos/:photoId': {
    perQuote: true,
    expect: adminOnly((statut) => (statut === 'en cours' ? 201 : 409)),
    request: ({ jpeg }) => ({ payload: jpeg, headers: { 'content-type': 'image/jpeg' }, query: '?emplacement=avant' }),
  },
  // No such photo: the administrator is told so in every status; the others never get that far.
  'DELETE /api/admin/missions/:id/:etape/photos/:photoId': { perQuote: true, expect: adminOnly(404) },
  'POST /api/admin/missions/:id/:etape': {
    perQuote: true,
    expect: adminOnly((statut) => (statut === 'en cours' ? 200 : 409)),
    request: () => ({ payload: inspectionBody() }),
  },
  // Live tracking (issue 31): none of these quotes was picked up, so positions are refused (409)
  // and the customer's view is 404 before its pickup; tracking.test.ts follows a real mission.
  'POST /api/admin/missions/:id/positions': {
    perQuote: true,
    expect: adminOnly(409),
    request: () => ({
      payload: { positions: [{ id: randomUUID(), lat: 48.85, lon: 2.35, precision: 10, prisLe: '2026-12-01T08:40:00+01:00' }] },
    }),
  },
  'GET /api/devis/:id/suivi': { perQuote: true, expect: { visitor: 401, unverified: 403, owner: 404, other: 404, admin: 404 } },
  // A token nobody was given: 404 for everyone, with or without a session.
  'GET /api/suivi/:token': { perQuote: false, expect: everyone(404) },
  'GET /api/admin/planning/agenda': { perQuote: false, expect: adminOnly(200) },
  'POST /api/admin/planning/agenda': { perQuote: false, expect: adminOnly(200) },
  // The feed has no session: a wrong token is refused to everyone (missions.test.ts serves the right one).
  'GET /api/admin/planning.ics': { perQuote: false, expect: everyone(403), request: () => ({ query: '?token=jeton-faux' }) },
  // The completed inspections: the owner and the administrator (none completed here: empty, 200).
  'GET /api/devis/:id/etats-des-lieux': { perQuote: true, expect: { visitor: 401, unverified: 403, owner: 200, other: 404, admin: 200 } },
  // No photo and no report exist for these quotes; missions.test.ts fetches real ones as owner, other and administrator.
  'GET /api/devis/:id/photos/:photoId': { perQuote: true, expect: { visitor: 401, unverified: 403, owner: 404, other: 404, admin: 404 } },
  'GET /api/devis/:id/pv/:etape': { perQuote: true, expect: { visitor: 401, unverified: 403, owner: 404, other: 404, admin: 404 } },
  'POST /api/admin/devis/:id/devis-signe': {
    perQuote: true,
    expect: adminOnly(byTable('admin', 'uploadSigned', 200)),
    request: ({ pdf }) => {
      const body = multipartBody([{ filename: 'signe.pdf', contentType: 'application/pdf', content: pdf }]);
      return { payload: body.payload, headers: { 'content-type': body.contentType } };
    },
  },
  // Invoices: « Établir la facture » from a mission en cours or terminé only.
  'POST /api/admin/devis/:id/facture': {
    perQuote: true,
    expect: adminOnly((statut) => (statut === 'en cours' || statut === 'terminé' ? 201 : 409)),
  },
  'GET /api/admin/factures': { perQuote: false, expect: adminOnly(200), request: () => ({ query: '?etat=%C3%A0%20payer' }) },
  'GET /api/admin/factures/:id': { perQuote: false, invoice: 'shared', expect: adminOnly(200) },
  'PUT /api/admin/factures/:id': {
    perQuote: false,
    invoice: 'draft',
    expect: adminOnly(200),
    request: () => ({
      payload: {
        lignes: [{ description: 'Convoyage', quantite: 1, prixUnitaireCentimes: 10_000 }],
        datePrestation: '2026-11-20',
        client: { nom: 'Client A', adresse: '3 place Bellecour, 69002 Lyon', siret: null },
      },
    }),
  },
  'DELETE /api/admin/factures/:id': { perQuote: false, invoice: 'draft', expect: adminOnly(204) },
  'POST /api/admin/factures/:id/emettre': { perQuote: false, invoice: 'draft', expect: adminOnly(200) },
  'POST /api/admin/factures/:id/avoir': {
    perQuote: false,
    invoice: 'issued',
    expect: adminOnly(201),
    request: () => ({ payload: { motif: 'Geste commercial', montantCentimes: 1_000 } }),
  },
  'POST /api/admin/factures/:id/paiements': {
    perQuote: false,
    invoice: 'issued',
    expect: adminOnly(200),
    request: () => ({ payload: { date: parisToday(), montantCentimes: 1_000, moyen: 'virement' } }),
  },
  'POST /api/admin/factures/:id/relance': { perQuote: false, invoice: 'issued', expect: adminOnly(200) },
  'GET /api/admin/chiffre-affaires': { perQuote: false, expect: adminOnly(200), request: () => ({ query: '?annee=2026' }) },
  'GET /api/admin/chiffre-affaires.csv': { perQuote: false, expect: adminOnly(200) },
  // E-invoicing (this app has no platform configured: the admin's answers say so; e-invoicing.test.ts has one).
  'GET /api/admin/factures/:id/plateforme': { perQuote: false, invoice: 'shared', expect: adminOnly(200) },
  'POST /api/admin/factures/:id/plateforme/renvoyer': { perQuote: false, invoice: 'shared', expect: adminOnly(409) },
  'GET /api/admin/annuaire/:siren': { perQuote: false, id: '732829320', expect: adminOnly(200) },
  'GET /api/admin/achats': { perQuote: false, expect: adminOnly(200) },
  'GET /api/admin/achats/:id/fichier': { perQuote: false, id: 'achat-inconnu', expect: adminOnly(404) },
  'POST /api/admin/achats/:id/approuver': {
    perQuote: false,
    id: 'achat-inconnu',
    expect: adminOnly(404),
    request: () => ({ payload: { depense: false, devisId: null } }),
  },
  'POST /api/admin/achats/:id/refuser': {
    perQuote: false,
    id: 'achat-inconnu',
    expect: adminOnly(404),
    request: () => ({ payload: { motif: 'DOUBLON', commentaire: null } }),
  },
  'GET /api/admin/e-reporting': { perQuote: false, expect: adminOnly(200) },
  'POST /api/admin/e-reporting/:periode/transmettre': { perQuote: false, id: '2026-01', expect: adminOnly(404) },
  // The platform's calls carry no session: without a platform (and its secret) the route does not exist.
  'POST /api/plateforme-agreee/webhook': { perQuote: false, expect: everyone(404), request: () => ({ payload: { flowInfo: {} } }) },
  // Getting paid: the payment page for the invoice's customer and the administrator; without a
  // provider configured here, « Payer en ligne » is refused (409) and the webhook is not there (404).
  'GET /api/factures/:id/paiement': {
    perQuote: false,
    invoice: 'shared',
    expect: { visitor: 401, unverified: 403, owner: 200, other: 404, admin: 200 },
  },
  'POST /api/factures/:id/paiement/en-ligne': {
    perQuote: false,
    invoice: 'shared',
    expect: { visitor: 401, unverified: 403, owner: 409, other: 404, admin: 409 },
  },
  'POST /api/paiements/stripe/webhook': { perQuote: false, expect: everyone(404) },
  'GET /api/admin/banque': { perQuote: false, expect: adminOnly(200) },
  'POST /api/admin/banque/releves': {
    perQuote: false,
    expect: adminOnly(200),
    request: ({ cell }) => {
      const body = multipartBody([
        {
          filename: 'releve.xml',
          contentType: 'application/xml',
          content: Buffer.from(camt053Xml([{ montant: '12.34', nom: 'Inconnu', motif: `Virement ${cell}` }])),
        },
      ]);
      return { payload: body.payload, headers: { 'content-type': body.contentType } };
    },
  },
  'POST /api/admin/banque/operations/:id/rapprochement': {
    perQuote: false,
    id: randomUUID(),
    expect: adminOnly(404),
    request: () => ({ payload: { factureId: randomUUID() } }),
  },
  'POST /api/admin/banque/operations/:id/ignorer': { perQuote: false, id: randomUUID(), expect: adminOnly(404) },
  // No statement imported here: the administrator is told the debit does not exist; from-debit.test.ts records a real one.
  'POST /api/admin/banque/operations/:id/depense': {
    perQuote: false,
    id: randomUUID(),
    expect: adminOnly(404),
    request: () => ({ payload: { categorie: 'peage', devisId: null } }),
  },
  // The expense a debit likely pays (debit-match.test.ts links real ones): none here, nothing to link.
  'GET /api/admin/banque/debits/propositions': { perQuote: false, expect: adminOnly(200) },
  'POST /api/admin/banque/operations/:id/depense-existante': {
    perQuote: false,
    id: randomUUID(),
    expect: adminOnly(404),
    request: () => ({ payload: { depenseId: randomUUID() } }),
  },
  'PUT /api/admin/banque/correspondance-csv': { perQuote: false, expect: adminOnly(200), request: () => ({ payload: boursoMapping }) },
  'GET /api/admin/factures/:id/relances': { perQuote: false, invoice: 'shared', expect: adminOnly(200) },
  'PUT /api/admin/factures/:id/relances': {
    perQuote: false,
    invoice: 'issued',
    expect: adminOnly(200),
    request: () => ({ payload: { arretees: true } }),
  },
  // A withdrawal's refund on the card that paid: none on this invoice (card-refunds.test.ts makes real ones).
  'GET /api/admin/factures/:id/remboursements-carte': { perQuote: false, invoice: 'shared', expect: adminOnly(200) },
  'POST /api/admin/factures/:id/remboursements-carte': {
    perQuote: false,
    invoice: 'issued',
    expect: adminOnly(404),
    request: () => ({ payload: { paiementId: randomUUID() } }),
  },
  // The customer's own issued invoices (none for the others); the PDF for its customer and the admin alone.
  // What a mission costs (issue 30): the administrator's only.
  'GET /api/admin/depenses': { perQuote: false, expect: adminOnly(200), request: () => ({ query: '?annee=2026&mois=12' }) },
  'POST /api/admin/depenses': { perQuote: false, expect: adminOnly(201), request: () => ({ payload: expenseBody() }) },
  'GET /api/admin/depenses.csv': { perQuote: false, expect: adminOnly(200), request: () => ({ query: '?annee=2026' }) },
  'GET /api/admin/depenses/:id': { perQuote: false, expense: true, expect: adminOnly(200) },
  'PUT /api/admin/depenses/:id': {
    perQuote: false,
    expense: true,
    expect: adminOnly(200),
    request: () => ({ payload: { ...expenseBody(), id: undefined } }),
  },
  'DELETE /api/admin/depenses/:id': { perQuote: false, expense: true, expect: adminOnly(204) },
  'PUT /api/admin/depenses/:id/justificatif': {
    perQuote: false,
    expense: true,
    expect: adminOnly(201),
    request: ({ jpeg }) => ({ payload: jpeg, headers: { 'content-type': 'image/jpeg' } }),
  },
  // No receipt was sent for these expenses: the administrator is told so; expenses.test.ts downloads a real one.
  'GET /api/admin/depenses/:id/justificatif': { perQuote: false, expense: true, expect: adminOnly(404) },
  'GET /api/admin/missions/:id/couts': { perQuote: true, expect: adminOnly(200) },
  'GET /api/admin/rentabilite': { perQuote: false, expect: adminOnly(200), request: () => ({ query: '?annee=2026' }) },
  'GET /api/factures': { perQuote: false, expect: { visitor: 401, unverified: 403, owner: 200, other: 200, admin: 200 } },
  'GET /api/factures/:id/pdf': {
    perQuote: false,
    invoice: 'shared',
    expect: { visitor: 401, unverified: 403, owner: 200, other: 404, admin: 200 },
  },
};

/** Routes outside the matrix, each with its reason. */
const EXEMPT: Record<string, string> = {
  'GET /api/auth/*': "better-auth's own endpoints, refusals tested in accounts.test.ts",
  'POST /api/auth/*': "better-auth's own endpoints, refusals tested in accounts.test.ts",
};
const isExempt = (key: string) => key in EXEMPT || key.startsWith('GET /api/docs');

export const matrixStats = { cells: 0 };

describe.each(ENGINES)('access matrix on %s', (engine) => {
  // Who may call each route is this test's question; how recent the password must be before a
  // sensitive one is two-factor.test.ts's: the admin's session of beforeAll stays recent enough.
  const t = useTestApp(engine, { env: { REAUTH_MAX_AGE_MINUTES: '600' } });
  const headers: Partial<Record<Role, Record<string, string>>> = {};
  let owner: Awaited<ReturnType<typeof createCustomer>>;
  let pdf: Buffer;
  let jpeg: Buffer;
  let sharedInvoiceId: string;

  beforeAll(async () => {
    pdf = await makePdf();
    jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#556677' } })
      .jpeg()
      .toBuffer();
    const a = await createCustomer(t, { name: 'Client A' });
    const b = await createCustomer(t, { name: 'Client B' });
    owner = a;
    for (const customer of [a, b]) await addProfile(t, customer, { adresse: 'Lyon' });
    // A session whose account is no longer verified (for instance after an e-mail change).
    const unverified = await createCustomer(t, { name: 'Client non vérifié' });
    await t.app.database.db
      .updateTable('user')
      .set({ emailVerified: engine === 'postgres' ? (false as never) : 0 })
      .where('id', '=', unverified.id)
      .execute();
    headers.visitor = { origin: PUBLIC_URL };
    headers.unverified = unverified.headers!;
    headers.owner = a.headers!;
    headers.other = b.headers!;
    headers.admin = (await createAdmin(t)).headers;
    sharedInvoiceId = await issuedThroughService(t, owner);
  });

  it('lists every API route of the app, and nothing more', () => {
    const routes = new Set(
      t.app.routeCatalogue
        .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
        .map((route) => `${route.method} ${route.url}`),
    );
    const missing = [...routes].filter((key) => !isExempt(key) && !(key in TABLE));
    const stale = Object.keys(TABLE).filter((key) => !routes.has(key));
    expect(missing, 'routes missing from the access table').toEqual([]);
    expect(stale, 'table entries without a route').toEqual([]);
  });

  async function invoiceFor(kind: Entry['invoice']): Promise<string> {
    if (!kind) return '';
    if (kind === 'shared') return sharedInvoiceId;
    return kind === 'issued' ? issuedThroughService(t, owner) : draftThroughService(t, owner);
  }

  /** An expense of a mission of customer A, recorded by the administrator. */
  async function freshExpense(): Promise<string> {
    const mission = await createQuoteInStatus(t.app.database, owner, 'en cours');
    const body = expenseBody({ devisId: mission.id });
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/depenses', headers: headers.admin, payload: body });
    expect(response.statusCode).toBe(201);
    return body.id;
  }

  // One test per route: each has its own time budget, and a failure names its route.
  let cells = 0;
  it.each(Object.keys(TABLE))('answers every cell of %s as the table says', async (key) => {
    const entry = TABLE[key]!;
    const failures: string[] = [];
    const [method, url] = key.split(' ') as [string, string];
    for (const role of ROLES) {
      for (const statut of entry.perQuote ? STATUTS : [null]) {
        cells += 1;
        const cell = cells;
        const quoteId = statut
          ? (await createQuoteInStatus(t.app.database, owner, statut)).id
          : entry.expense
            ? await freshExpense()
            : await invoiceFor(entry.invoice);
        const extra = entry.request?.({ pdf, jpeg, cell }) ?? {};
        const path = url
          .replace(/:(id|siren|periode)\b/, entry.id ?? quoteId)
          .replace(':etape', 'prise-en-charge')
          .replace(':photoId', randomUUID())
          .replace(':token', 'AAAAAAAAAAAAAAAAAAAAAAAA');
        const response = await t.app.inject({
          method: method as 'GET',
          url: path + (extra.query ?? ''),
          headers: { ...headers[role], ...extra.headers },
          ...(extra.payload !== undefined
            ? { payload: extra.payload as string }
            : method === 'GET' || method === 'DELETE'
              ? {}
              : { payload: {} }),
        });
        const rule = entry.expect[role];
        const expected = typeof rule === 'function' ? rule(statut!) : rule;
        if (response.statusCode !== expected) {
          failures.push(
            `${key} as ${role}${statut ? ` on a quote "${statut}"` : ''}: ${response.statusCode} (expected ${expected}) ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('went through every role and, for quote routes, every status', () => {
    matrixStats.cells += cells;
    // 5 roles × (quote routes × 7 statuses + other routes)
    expect(cells).toBeGreaterThan(400);
  });
});
