import type { Statut } from '#domain/statuses.ts';
import type { Utilisateur } from '#domain/schemas/accounts.ts';
import type { Facture } from '#domain/schemas/invoices.ts';
import { insertUtilisateur } from '#server/accounts/repository.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import type { createCustomer, TestApp } from '#server/test/helpers.ts';
import { createDraftFromQuote, updateDraft } from './drafts.ts';
import { issueInvoice } from './issuing.ts';
import type { InvoiceDeps } from './service.ts';

type Customer = Awaited<ReturnType<typeof createCustomer>>;
type Headers = { cookie: string; origin: string };

/** The customer's profile (sign-up's `utilisateurs` row), whose address the invoice takes. */
export async function addProfile(
  t: TestApp,
  customer: Customer,
  { adresse = '3 place Bellecour, 69002 Lyon', type = 'particulier' }: { adresse?: string; type?: Utilisateur['type'] } = {},
) {
  await insertUtilisateur(t.app.database.db, {
    uid: customer.id,
    nom: customer.name,
    telephone: '0612345678',
    email: customer.email,
    type,
    adresse,
    dateInscription: new Date().toISOString(),
  });
}

/** A quote of `customer` in `statut` with its completion details (name, e-mail, vehicle, options). */
export async function missionQuote(t: TestApp, customer: Customer, statut: Statut = 'terminé', { entreprise = false } = {}) {
  return createQuoteInStatus(t.app.database, customer, statut, {
    prixCentimes: 45_050,
    clientType: entreprise ? 'entreprise' : 'particulier',
    clientDetails: {
      nom: customer.name,
      email: customer.email,
      telephone: '0612345678',
      ...(entreprise ? { siret: '73282932000074' } : {}),
    },
    infosVehicule: { immatriculation: 'AB-123-CD', marque: 'Peugeot', modele: '308', chassis: '', motorisation: 'diesel' },
    options: { documentation: true, lavage: 'complet', sansCarburant: false, wGarage: true },
  });
}

async function call<T>(t: TestApp, headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return {
    status: response.statusCode,
    body: (response.body ? JSON.parse(response.body) : null) as T & { error?: string; message?: string },
    raw: response,
  };
}

export const api = {
  draft: (t: TestApp, admin: Headers, devisId: string) => call<Facture>(t, admin, 'POST', `/api/admin/devis/${devisId}/facture`),
  issue: (t: TestApp, admin: Headers, id: string) => call<Facture>(t, admin, 'POST', `/api/admin/factures/${id}/emettre`),
  get: (t: TestApp, admin: Headers, id: string) => call<Facture>(t, admin, 'GET', `/api/admin/factures/${id}`),
  update: (t: TestApp, admin: Headers, id: string, body: unknown) => call<Facture>(t, admin, 'PUT', `/api/admin/factures/${id}`, body),
  remove: (t: TestApp, admin: Headers, id: string) => call<null>(t, admin, 'DELETE', `/api/admin/factures/${id}`),
  credit: (t: TestApp, admin: Headers, id: string, body: unknown) =>
    call<Facture>(t, admin, 'POST', `/api/admin/factures/${id}/avoir`, body),
  pay: (t: TestApp, admin: Headers, id: string, body: unknown) =>
    call<Facture>(t, admin, 'POST', `/api/admin/factures/${id}/paiements`, body),
  remind: (t: TestApp, admin: Headers, id: string) => call<Facture>(t, admin, 'POST', `/api/admin/factures/${id}/relance`),
  call,
};

/** A quote terminé of `customer`, invoiced and issued by the administrator. */
export async function issuedInvoice(t: TestApp, admin: Headers, customer: Customer, options: { entreprise?: boolean } = {}) {
  const quote = await missionQuote(t, customer, 'terminé', options);
  const draft = await api.draft(t, admin, quote.id);
  if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${JSON.stringify(draft.body)}`);
  const issued = await api.issue(t, admin, draft.body.id);
  if (issued.status !== 200) throw new Error(`issue: ${issued.status} ${JSON.stringify(issued.body)}`);
  return { quote, invoice: issued.body };
}

/** The administrator records `devisId` as signed on paper; the deposit invoice (« acompte ») its signature issued. */
export async function signedOnPaperDeposit(t: TestApp, admin: Headers, devisId: string) {
  const signed = await api.call<unknown>(t, admin, 'POST', `/api/admin/devis/${devisId}/confirmer-signe`);
  if (signed.status !== 200) throw new Error(`signed on paper: ${signed.status} ${JSON.stringify(signed.body)}`);
  return t.app.database.db
    .selectFrom('factures')
    .selectAll()
    .where('devisId', '=', devisId)
    .where('nature', '=', 'acompte')
    .executeTakeFirstOrThrow();
}

/** The invoice services' dependencies from a test app (`today` moves the day the service reads). */
export const depsOf = (t: TestApp, today?: string): InvoiceDeps => ({
  database: t.app.database,
  fileStore: t.app.fileStore,
  outbox: t.app.outbox,
  config: t.config,
  log: t.app.log,
  ...(today ? { today: () => today } : {}),
});

export const SERVICE_ADMIN = {
  id: 'admin',
  email: 'admin@exemple.fr',
  name: 'Administrateur',
  role: 'admin',
  emailVerified: true,
  twoFactorEnabled: true,
  twoFactorSetupRequired: false,
} as const;

/** A draft of a finished mission of `customer`, through the service (no admin session needed), with an address to issue it. */
export async function draftThroughService(t: TestApp, customer: Customer): Promise<string> {
  const quote = await missionQuote(t, customer);
  const draft = await createDraftFromQuote(depsOf(t), quote.id);
  if (draft.client.adresse) return draft.id;
  const lignes = draft.lignes.map(({ description, quantite, prixUnitaireCentimes }) => ({ description, quantite, prixUnitaireCentimes }));
  await updateDraft(depsOf(t), draft.id, {
    lignes,
    datePrestation: draft.datePrestation,
    client: { nom: draft.client.nom || customer.name, adresse: '3 place Bellecour, 69002 Lyon', siret: null },
  });
  return draft.id;
}

/** An issued invoice (with its PDF) of a finished mission of `customer`, through the service (issued on `today`, if given). */
export async function issuedThroughService(t: TestApp, customer: Customer, today?: string): Promise<string> {
  const id = await draftThroughService(t, customer);
  await issueInvoice(depsOf(t, today), SERVICE_ADMIN, id);
  return id;
}
