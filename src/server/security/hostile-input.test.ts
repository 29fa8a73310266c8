import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import { createExpense } from '#server/expenses/service.ts';
import { expenseBody } from '#server/expenses/test-factories.ts';
import { warmUp } from '#server/geo/index.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import { createAdmin, createCustomer, ENGINES, PUBLIC_URL, type TestApp, useTestApp } from '#server/test/helpers.ts';

/**
 * Property-based fuzzing of every write route: malformed JSON, wrong types, huge strings,
 * deep nesting, prototype-pollution keys, SQL and HTML payloads. Whatever comes in, the
 * answer is never a 5xx, and a refused request changes nothing that is stored.
 */

const HOSTILE_STRINGS = [
  "'; DROP TABLE devis; --",
  "' OR '1'='1",
  '1; UPDATE devis SET "prixCentimes" = 1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{constructor.constructor("return process")()}}',
  '../../../../etc/passwd',
  '\u0000\u0001\u001f',
  '\ud800',
  'x'.repeat(100_000),
  '',
];

function deepNesting(depth: number): unknown {
  let value: unknown = 'fond';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

const jsonValue = fc.jsonValue({ maxDepth: 4 });
const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** Replace one field of a valid payload (at any depth) by something hostile. */
function mutate(valid: Record<string, unknown>) {
  const paths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
    }
    if (path.length > 0) paths.push(path);
  };
  walk(valid, []);
  if (paths.length === 0) paths.push(['champInattendu']);
  return fc
    .record({
      path: fc.constantFrom(...paths),
      replacement: fc.oneof(hostileString, jsonValue, fc.constant(deepNesting(50))),
    })
    .map(({ path, replacement }) => {
      const copy = structuredClone(valid);
      let target = copy as Record<string, unknown>;
      for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
      target[path.at(-1)!] = replacement;
      return JSON.stringify(copy);
    });
}

/** Bodies as raw text: some are not JSON at all. */
function hostileBodies(valid: Record<string, unknown>) {
  return fc.oneof(
    mutate(valid),
    jsonValue.map((value) => JSON.stringify(value)),
    fc.constantFrom(
      '{"a":',
      '{"__proto__": {"isAdmin": true}}',
      '{"constructor": {"prototype": {"isAdmin": true}}}',
      JSON.stringify({ ...valid, prix: 1, statut: 'terminé', uid: 'pirate', numeroDevis: 1 }),
      `${'{"a":['.repeat(20_000)}1${']}'.repeat(20_000)}`,
      `"${'x'.repeat(2_000_000)}"`,
      'null',
      '[]',
      'NaN',
    ),
    fc.string({ maxLength: 200 }),
  );
}

/** Counterexamples print short: some bodies are megabytes long. */
class Body {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() {
    return JSON.stringify(this.text.length > 120 ? `${this.text.slice(0, 120)}… (${this.text.length} characters)` : this.text);
  }
}

type Snapshot = string;

async function snapshot(t: TestApp): Promise<Snapshot> {
  const db = t.app.database.db;
  const [devis, historique, utilisateurs, users, depenses, paiements, evenements, sessions] = await Promise.all([
    db.selectFrom('devis').selectAll().orderBy('id').execute(),
    db.selectFrom('devis_historique').selectAll().orderBy('id').execute(),
    db.selectFrom('utilisateurs').selectAll().orderBy('uid').execute(),
    db.selectFrom('user').select(['id', 'email', 'emailVerified']).orderBy('id').execute(),
    db.selectFrom('depenses').selectAll().orderBy('id').execute(),
    db.selectFrom('facture_paiements').selectAll().orderBy('id').execute(),
    db.selectFrom('paiement_evenements').selectAll().orderBy('id').execute(),
    db.selectFrom('paiement_sessions').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ devis, historique, utilisateurs, users, depenses, paiements, evenements, sessions });
}

export const fuzzStats = { inputs: 0 };

type FuzzedRoute = { method: 'POST' | 'PUT'; path: string; valid: () => Record<string, unknown>; asOwner: boolean; asAdmin?: true };

/** Every write route a visitor or a customer reaches, and the administrator's expenses; `:id` is the owner's quote, or an expense. */
const ROUTES: FuzzedRoute[] = [
  { method: 'POST', path: '/api/getDistance', valid: () => ({ depart: 'Paris', arrivee: 'Lyon' }), asOwner: false },
  {
    method: 'POST',
    path: '/api/devis/simulation',
    valid: () => ({ adresseDepart: 'Paris', adresseArrivee: 'Lyon', typeVehicule: 'Citadine' }),
    asOwner: true,
  },
  {
    method: 'POST',
    path: '/api/comptes/inscription',
    valid: () => ({
      nom: 'A',
      telephone: '0612345678',
      email: 'a@exemple.fr',
      adresse: 'Lyon',
      type: 'particulier',
      motDePasse: 'motdepasse1',
      confirmation: 'motdepasse1',
      resterConnecte: true,
    }),
    asOwner: false,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    valid: () => ({ email: 'a@exemple.fr', password: 'motdepasse1', rememberMe: true }),
    asOwner: false,
  },
  { method: 'PUT', path: '/api/devis/:id/completer', valid: () => validCompletion() as Record<string, unknown>, asOwner: true },
  { method: 'POST', path: '/api/devis/:id/archiver', valid: () => ({}), asOwner: true },
  { method: 'POST', path: '/api/devis/:id/retractation', valid: () => ({}), asOwner: true },
  { method: 'POST', path: '/api/devis/:id/annulation', valid: () => ({}), asOwner: true },
  // The approved platform's calls (unconfigured here; e-invoicing.test.ts sends it bad signatures and bodies with a platform).
  { method: 'POST', path: '/api/plateforme-agreee/webhook', valid: () => ({ flowInfo: { flowId: 'flux-1' } }), asOwner: false },
  // Expenses (issue 30): recorded from a phone, often offline, by the administrator.
  { method: 'POST', path: '/api/admin/depenses', valid: () => expenseBody(), asOwner: false, asAdmin: true },
  {
    method: 'PUT',
    path: '/api/admin/depenses/:expense',
    valid: () => ({ ...expenseBody(), id: undefined }),
    asOwner: false,
    asAdmin: true,
  },
  { method: 'PUT', path: '/api/admin/depenses/:expense/justificatif', valid: () => ({}), asOwner: false, asAdmin: true },
  // A bank debit as an expense (the line is the expense's id here, no debit: validation first, then 404).
  {
    method: 'POST',
    path: '/api/admin/banque/operations/:expense/depense',
    valid: () => ({ categorie: 'peage', devisId: null }),
    asOwner: false,
    asAdmin: true,
  },
  // A debit linked to the expense it pays (the line is the expense's id here, no debit: validation first, then 404).
  {
    method: 'POST',
    path: '/api/admin/banque/operations/:expense/depense-existante',
    valid: () => ({ depenseId: '7a1f7a3e-5d0c-4a55-9f0e-2d7a1b7f0c11' }),
    asOwner: false,
    asAdmin: true,
  },
  // A credit matched to the invoices one transfer pays (the line is the expense's id here, no line: validation first, then 404).
  {
    method: 'POST',
    path: '/api/admin/banque/operations/:expense/rapprochement',
    valid: () => ({ factureIds: ['7a1f7a3e-5d0c-4a55-9f0e-2d7a1b7f0c11', '7a1f7a3e-5d0c-4a55-9f0e-2d7a1b7f0c12'] }),
    asOwner: false,
    asAdmin: true,
  },
  // A supplier invoice approved as an expense (no platform here, no such purchase: validation first, then 404).
  {
    method: 'POST',
    path: '/api/admin/achats/achat-inconnu/approuver',
    valid: () => ({ depense: true, devisId: null, categorie: 'carburant', moyenPaiement: 'carte' }),
    asOwner: false,
    asAdmin: true,
  },
  // A withdrawal's refund on the card that paid (the invoice is the expense's id here, no invoice: validation first, then 404).
  {
    method: 'POST',
    path: '/api/admin/factures/:expense/remboursements-carte',
    valid: () => ({ paiementId: '7a1f7a3e-5d0c-4a55-9f0e-2d7a1b7f0c11' }),
    asOwner: false,
    asAdmin: true,
  },
  // Getting paid (payments/): « Payer en ligne » on what is not his invoice, and unsigned notifications.
  { method: 'POST', path: '/api/factures/:id/paiement/en-ligne', valid: () => ({}), asOwner: true },
  {
    method: 'POST',
    path: '/api/paiements/stripe/webhook',
    valid: () => ({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_1', amount_total: 100 } },
    }),
    asOwner: false,
  },
];

describe.each(ENGINES)('hostile input on %s', (engine) => {
  const t = useTestApp(engine, {
    env: { PUBLIC_RATE_LIMIT: '0', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_fuzz', STRIPE_WEBHOOK_SECRET: 'whsec_fuzz' },
  });
  let owner: Awaited<ReturnType<typeof createCustomer>>;
  let quoteId: string;
  let expenseId: string;
  let adminCookie: string;

  beforeAll(async () => {
    // The fuzzer is about validation, not about the public rate limiter (tested on its own),
    // nor about loading the gazetteer, done here as the server does at its start.
    warmUp(t.app.geo);
    owner = await createCustomer(t);
    quoteId = (await createQuoteInStatus(t.app.database, owner, 'en attente')).id;
    adminCookie = (await createAdmin(t)).headers.cookie;
    const { database, fileStore, config, log } = t.app;
    expenseId = (await createExpense({ database, fileStore, config, log }, expenseBody({ devisId: quoteId }))).depense.id;
  });

  // One route a test: a hundred inputs each, the failure naming its route.
  it.each(ROUTES)('never answers 5xx to $method $path, and a refused write changes nothing', async (route) => {
    const url = route.path.replace(':id', quoteId).replace(':expense', expenseId);
    // What is stored, as of the last input: a refused one must leave it as it was.
    let stored = await snapshot(t);
    await fc.assert(
      fc.asyncProperty(
        hostileBodies(route.valid()).map((text) => new Body(text)),
        fc.integer({ min: 1, max: 250 }),
        async ({ text: body }, ip) => {
          fuzzStats.inputs += 1;
          const response = await t.app.inject({
            method: route.method,
            url,
            headers: {
              'content-type': 'application/json',
              origin: PUBLIC_URL,
              'x-forwarded-for': `203.0.113.${ip}`,
              ...(route.asOwner ? { cookie: owner.headers!.cookie } : {}),
              ...(route.asAdmin ? { cookie: adminCookie } : {}),
            },
            payload: body,
          });
          const before = stored;
          stored = await snapshot(t);
          expect(response.statusCode, `${route.method} ${url} ← ${body.slice(0, 200)}`).toBeLessThan(500);
          expect(response.body).not.toMatch(/at [^\n]+\.(ts|js):\d+/);
          if (response.statusCode >= 400) expect(stored).toBe(before);
          expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
        },
      ),
      { numRuns: 100, seed: 20261121 },
    );
  });
});
