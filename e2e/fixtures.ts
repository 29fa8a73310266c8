import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Database from '#server/db/sqlite-driver.ts';
import { expect, request as playwrightRequest, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import type { ConfirmBody } from '#domain/schemas/admin.ts';
import type { CompletionInput } from '#domain/schemas/devis-completion.ts';
import type { Facture } from '#domain/schemas/invoices.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/index.ts';
import { createQuote } from '#server/quotes/repository.ts';
import { addressOf, readOutbox as readDataDirOutbox } from '#server/test/outbox.ts';
import { forgetLastTotpStep } from '#server/test/totp-steps.ts';
import { e2eServer } from '../playwright.config.ts';

/**
 * What the journeys share: the data they need, made through the app's own API as a user
 * would make it (sign-up, the e-mail's verification link, simulations, completions), and
 * removed by the administrator's API when the test ends; and a way to hold the server's
 * answers while a loading state is looked at.
 */

/** This worker's server (playwright.config.ts): Playwright gives each worker process its TEST_PARALLEL_INDEX. */
const server = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_DATA_DIR = server.dataDir;
export const E2E_ADMIN = { email: 'admin@convoyage.test', password: 'admin-mot-de-passe-e2e' };
/** The administrator's second factor, set by `npm run admin -- --totp-secret` (ensureAdmin). */
export const E2E_ADMIN_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

/** The code an authenticator app shows now for a base32 secret. */
export const totpCode = (secret: string) => new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();

/**
 * The code of `secret` for a new sign-in of the administrator. A code is accepted once (the app
 * records its 30-second step) and the journeys sign in many times a minute: the account's last
 * used step is forgotten in the running app's database first, as waiting for the next code would do.
 */
export async function freshTotpCode(secret = E2E_ADMIN_TOTP_SECRET, email = E2E_ADMIN.email) {
  const database = openDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, ADMIN_EMAIL: E2E_ADMIN.email, LOG_LEVEL: 'silent' }).database);
  await forgetLastTotpStep(database.db, email).finally(() => database.close());
  return totpCode(secret);
}

/**
 * Signs `request` (an API context or a page's) in as the administrator: the password, then a
 * code computed from his secret, from one client address of its own.
 */
export async function signInAsAdmin(request: APIRequestContext, baseURL: string, account = E2E_ADMIN) {
  const headers = apiHeaders(baseURL);
  await ok(await request.post('/api/auth/sign-in/email', { data: account, headers }), 'admin sign-in');
  await ok(
    await request.post('/api/auth/two-factor/verify-totp', {
      data: { code: await freshTotpCode(E2E_ADMIN_TOTP_SECRET, account.email) },
      headers,
    }),
    'admin second factor',
  );
}

/**
 * The e-mails the running app has sent (its mailer writes them to DATA_DIR/mails), oldest
 * first, once its outbox has nothing left waiting: the worker sends each message just after
 * the request that queued it, so a journey waits for that instead of guessing a delay.
 */
export async function readOutbox() {
  const db = new Database(path.join(E2E_DATA_DIR, 'convoyage.sqlite'), { readonly: true });
  try {
    const deadline = Date.now() + 15_000;
    const waiting = db.prepare("select count(*) as n from outbox where status in ('pending', 'sending') and \"nextAttemptAt\" <= ?");
    while ((waiting.get(new Date().toISOString()) as { n: number }).n > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    db.close();
  }
  return readDataDirOutbox(E2E_DATA_DIR);
}

/**
 * The links of the e-mails sent to `address`, oldest first, once the outbox has sent what it
 * holds; `{ now: true }` reads what has been sent so far, for a poll that waits for one e-mail
 * (waiting for the whole outbox could outlast the poll on a loaded machine).
 */
export async function linksSentTo(address: string, { now = false } = {}): Promise<string[]> {
  return (now ? await readDataDirOutbox(E2E_DATA_DIR) : await readOutbox())
    .filter((mail) => addressOf(mail) === address)
    .map((mail) => mail.text?.match(/https?:\/\/\S+/)?.[0] ?? '')
    .filter(Boolean);
}

/**
 * Headers for a request from the test: the app's origin and a client address of its own
 * (the app trusts X-Forwarded-For from loopback), so the per-IP sign-up and sign-in limits,
 * which the whole suite would otherwise share from 127.0.0.1, only apply where a test is about them.
 */
export function apiHeaders(baseURL: string) {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return { origin: baseURL, 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` };
}

/**
 * Holds the answers of `url` until the returned function is called, so that a loading text
 * can be seen for certain; once released, every later request goes through at once.
 */
export async function holdResponses(page: Page, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return async () => release();
}

/** `npm run admin` against the DATA_DIR of the running server. */
export function runAdminCommand(args: string[]) {
  return execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, ADMIN_EMAIL: E2E_ADMIN.email, LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  }).toString();
}

/** Creates the administrator, or sets its password, and sets his second factor to E2E_ADMIN_TOTP_SECRET. */
export function ensureAdmin(account = E2E_ADMIN) {
  runAdminCommand(['--email', account.email, '--password', account.password, '--totp-secret', E2E_ADMIN_TOTP_SECRET]);
}

/** A real, small PDF, as a scanner would produce after signature. */
export async function makeSignedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  page.drawText('Bon pour accord - signature du client', { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/**
 * The administrator confirms a completed quote (`confirmation`: the final price, the clauses, the
 * deposit), then records it as signed on paper once the quote's e-mail has gone (the quote is then
 * « envoyé »): the mission is ready to be driven.
 */
export async function confirmSignedOnPaper(adminApi: APIRequestContext, quoteId: string, confirmation: ConfirmBody) {
  const confirmed = await adminApi.post(`/api/admin/devis/${quoteId}/confirmer`, { data: confirmation });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await expect.poll(async () => (await adminApi.post(`/api/admin/devis/${quoteId}/confirmer-signe`)).status()).toBe(200);
}

/** A mission ready to be driven: the customer's simulation of `trip`, completed (with `changes`), confirmed with `confirmation` and signed on paper. */
export async function signedMission(
  customer: E2eCustomer,
  adminApi: APIRequestContext,
  trip: Trip,
  confirmation: ConfirmBody,
  changes: Partial<CompletionInput> = {},
) {
  const quote = await customer.createQuote(trip);
  await customer.completeQuote(quote, changes);
  await confirmSignedOnPaper(adminApi, quote.id, confirmation);
  return quote;
}

/** The administrator finishes the mission, makes its invoice from the quote and issues it (`F-…`, e-mailed to the customer). */
export async function finishAndInvoice(adminApi: APIRequestContext, quoteId: string): Promise<Facture> {
  expect((await adminApi.post(`/api/admin/devis/${quoteId}/terminer`)).status()).toBe(200);
  const draft = await adminApi.post(`/api/admin/devis/${quoteId}/facture`);
  expect(draft.status(), await draft.text()).toBe(201);
  const issued = await adminApi.post(`/api/admin/factures/${((await draft.json()) as { id: string }).id}/emettre`);
  expect(issued.status(), await issued.text()).toBe(200);
  return (await issued.json()) as Facture;
}

export type Trip = { adresseDepart: string; adresseArrivee: string; typeVehicule: string };
export type E2eQuote = Trip & { id: string; numeroDevis: number; prix: number; distanceKm: number };

export type E2eCustomer = {
  name: string;
  email: string;
  password: string;
  telephone: string;
  /** The customer's session: the page's own when the customer was logged in in a page. */
  api: APIRequestContext;
  /** A simulation while logged in, which saves the quote (« en attente »). */
  createQuote(trip?: Partial<Trip>): Promise<E2eQuote>;
  /** Completes the quote as the form would (« en attente de confirmation »). */
  completeQuote(quote: E2eQuote, changes?: Partial<CompletionInput>): Promise<void>;
};

type CustomerOptions = { name?: string; telephone?: string; type?: 'particulier' | 'entreprise'; page?: Page };

type WorkerFixtures = {
  /** The administrator's account, created (or its password set) once per worker with `npm run admin`. */
  adminAccount: typeof E2E_ADMIN;
};

type Fixtures = {
  /** The name of the `customer` fixture's account. */
  customerName: string;
  /** Makes new customers, signed up and verified through the app; `page` logs that browser in too. */
  customers: { create(options?: CustomerOptions): Promise<E2eCustomer> };
  /** A new verified customer, logged in in `page`. */
  customer: E2eCustomer;
  /** The administrator's API session (the account is created with `npm run admin`). */
  adminApi: APIRequestContext;
  /** Logs a browser in as the administrator. */
  logInAsAdmin: (page: Page) => Promise<void>;
  /**
   * A quote with no e-mail and no account, as only the data imported from the original app
   * can bring (no API makes one): written by the app's own repository into the running
   * app's database (WAL lets two processes share the SQLite file).
   */
  importedQuote: { id: string; numeroDevis: number };
};

const DEFAULT_TRIP: Trip = { adresseDepart: 'Nantes', adresseArrivee: 'Rennes', typeVehicule: 'Citadine' };

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? null : await response.json()) as T;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  baseURL: server.baseURL,

  adminAccount: [
    async ({}, use) => {
      ensureAdmin();
      await use(E2E_ADMIN);
    },
    { scope: 'worker' },
  ],

  customerName: ['Client Test', { option: true }],

  // Each test's browser comes from a client address of its own, as real visitors do, so that
  // the per-address sign-in budget is not shared by the whole suite from 127.0.0.1 (a fast run
  // logs in through the form many times a minute). When a test fails, what the page said is
  // printed beside the error, where CI shows it.
  page: async ({ page, baseURL }, use, testInfo) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': apiHeaders(baseURL!)['x-forwarded-for'] });
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      const messages = await page
        .locator('[role="alert"], [role="status"], [aria-invalid="true"]')
        .evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim() || node.getAttribute('aria-describedby') || node.tagName))
        .catch(() => []);
      console.log(`${testInfo.project.name} › ${testInfo.title}: failed at ${page.url()}; on the page: ${JSON.stringify(messages)}`);
    }
  },

  adminApi: async ({ baseURL, adminAccount }, use) => {
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: apiHeaders(baseURL!) });
    await signInAsAdmin(api, baseURL!, adminAccount);
    await use(api);
    await api.dispose();
  },

  logInAsAdmin: async ({ baseURL, adminAccount }, use) => {
    await use(async (page) => {
      await signInAsAdmin(page.request, baseURL!, adminAccount);
    });
  },

  customers: async ({ baseURL, adminApi }, use) => {
    const created: { id: string }[] = [];
    const contexts: APIRequestContext[] = [];

    async function create({ name = 'Client Test', telephone = '06 12 34 56 78', type = 'particulier', page }: CustomerOptions = {}) {
      const email = `client-${randomUUID().slice(0, 8)}@exemple.fr`;
      const password = 'mot-de-passe-solide';
      const headers = apiHeaders(baseURL!);
      const api = page?.request ?? (await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: headers }));
      if (!page) contexts.push(api);
      await ok(
        await api.post('/api/comptes/inscription', {
          headers,
          data: {
            nom: name,
            telephone,
            email,
            adresse: '10 rue de la Paix, 75002 Paris',
            type,
            motDePasse: password,
            confirmation: password,
            resterConnecte: true,
          },
        }),
        'sign-up',
      );
      // The address is verified as the customer would: by the link of the e-mail.
      // The outbox sends it within a second; a loaded CI machine (two workers, Chromium, the crash tests) may take longer.
      await expect
        .poll(() => linksSentTo(email, { now: true }), { message: `verification e-mail to ${email}`, timeout: 20_000 })
        .toHaveLength(1);
      const [link] = await linksSentTo(email);
      await api.get(new URL(link!).pathname + new URL(link!).search, { headers, maxRedirects: 0 });
      await ok(await api.post('/api/auth/sign-in/email', { headers, data: { email, password, rememberMe: true } }), 'sign-in');

      const customer: E2eCustomer = {
        name,
        email,
        password,
        telephone,
        api,
        async createQuote(trip = {}) {
          const body = { ...DEFAULT_TRIP, ...trip };
          const result = await ok<{ distanceKm: number; prix: number; devis: { id: string; numeroDevis: number } | null }>(
            await api.post('/api/devis/simulation', { headers: { origin: baseURL! }, data: body }),
            'simulation',
          );
          if (!result.devis) throw new Error(`the simulation saved no quote: ${JSON.stringify(result)}`);
          created.push({ id: result.devis.id });
          return { ...body, ...result.devis, prix: result.prix, distanceKm: result.distanceKm };
        },
        async completeQuote(quote, changes = {}) {
          const completion = validCompletion({
            clientType: 'particulier',
            clientDetails: { nom: name, email, telephone, siret: '' },
            ...changes,
          });
          await ok(await api.put(`/api/devis/${quote.id}/completer`, { headers: { origin: baseURL! }, data: completion }), 'completion');
        },
      };
      return customer;
    }

    await use({ create });
    // What the test made goes away with it (a quote it already deleted answers 404).
    for (const { id } of created) await adminApi.delete(`/api/admin/devis/${id}`);
    for (const api of contexts) await api.dispose();
  },

  importedQuote: async ({ adminApi }, use) => {
    const config = loadConfig({ DATA_DIR: E2E_DATA_DIR, ADMIN_EMAIL: E2E_ADMIN.email, LOG_LEVEL: 'silent' });
    const database = openDatabase(config.database);
    const row = await createQuote(
      database,
      {
        uid: null,
        email: null,
        dateSimulation: new Date().toISOString(),
        adresseDepart: 'Lyon (69000)',
        adresseArrivee: 'Marseille (13000)',
        typeVehicule: 'Berline',
        distanceKm: 314,
        prixCentimes: 31_400,
      },
      { userId: null, role: 'customer' },
    ).finally(() => database.close());
    await use(row);
    await adminApi.delete(`/api/admin/devis/${row.id}`);
  },

  customer: async ({ customers, customerName, page }, use) => {
    await use(await customers.create({ name: customerName, page }));
  },
});

export { expect };
