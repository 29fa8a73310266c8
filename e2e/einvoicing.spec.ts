import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { apiPath, einvoicingRoutes, expensesRoutes } from '#domain/api-paths.ts';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import type { AchatList } from '#domain/schemas/einvoicing.ts';
import { directoryLabels, einvoicingTexts, lifecycleLabels, purchaseTexts, reasonLabels } from '#domain/texts/einvoicing.ts';
import { CATEGORIE_LABELS, MOYEN_DEPENSE_LABELS } from '#domain/texts/expenses.ts';
import { invoiceTexts } from '#domain/texts/invoices.ts';
import { startFakePlatform, type FakePlatform } from '#server/test/fake-platform.ts';
import { addressOf, linkIn, readOutbox } from '#server/test/outbox.ts';
import { e2eServer } from '../playwright.config.ts';
import { apiHeaders, E2E_ADMIN, E2E_ADMIN_TOTP_SECRET, expect, makeSignedPdf, test, totpCode } from './fixtures.ts';

/**
 * E-invoicing with an approved platform, on a server of its own: the worker's server runs with
 * `PA_*` unset (every other journey checks that nothing changes then); this one is started here
 * with `PA_*` pointing at the fake platform (src/server/test/fake-platform.ts), which follows
 * the XP Z12-013 wire format and is told, like a real one would act, to settle, refuse and deliver.
 */
const own = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
const port = own.port + 40;
const baseURL = `http://localhost:${port}`;
const SIRET = '73282932000074';
const SIREN = SIRET.slice(0, 9);

let fake: FakePlatform;
let server: ChildProcess;
let dataDir: string;

test.use({ baseURL });
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fake = await startFakePlatform({ autoSettleMs: 300 });
  fake.setDirectory(SIREN, [{ siren: SIREN, addressingIdentifier: SIREN, directoryLineStatus: 'Enabled' }]);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-e2e-einvoicing-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    ADMIN_EMAIL: E2E_ADMIN.email,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...fake.env({ PA_POLL_SECONDS: '1', PA_RETRY_BASE_MS: '500' }),
  };
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/cli/admin.ts',
      '--email',
      E2E_ADMIN.email,
      '--password',
      E2E_ADMIN.password,
      '--totp-secret',
      E2E_ADMIN_TOTP_SECRET,
    ],
    { env, stdio: 'pipe' },
  );
  // The server as the suite's webServer runs it: the bundle of `npm run build`.
  server = spawn(process.execPath, ['--enable-source-maps', 'dist/node/main.mjs'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  await expect
    .poll(
      () =>
        fetch(`${baseURL}/api/health`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 170_000, message: 'server up' },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json().catch(() => null)) as T;
}

/** A business customer, signed up and verified through the app, with a quote completed with his SIRET. */
async function businessQuote(): Promise<{ api: APIRequestContext; quoteId: string }> {
  const headers = apiHeaders(baseURL);
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: headers });
  const email = `entreprise-${Date.now()}@exemple.fr`;
  const password = 'mot-de-passe-solide';
  await ok(
    await api.post('/api/comptes/inscription', {
      data: {
        nom: 'Transports Martin SAS',
        telephone: '06 12 34 56 78',
        email,
        adresse: '10 rue de la Paix, 75002 Paris',
        type: 'entreprise',
        motDePasse: password,
        confirmation: password,
        resterConnecte: true,
      },
    }),
    'sign-up',
  );
  await expect
    .poll(async () => (await readOutbox(dataDir)).filter((mail) => addressOf(mail) === email).length, { timeout: 30_000 })
    .toBe(1);
  const link = linkIn((await readOutbox(dataDir)).find((mail) => addressOf(mail) === email));
  await api.get(link.pathname + link.search, { maxRedirects: 0 });
  await ok(await api.post('/api/auth/sign-in/email', { data: { email, password, rememberMe: true } }), 'sign-in');
  const simulated = await ok<{ devis: { id: string } }>(
    await api.post('/api/devis/simulation', { data: { adresseDepart: 'Lyon', adresseArrivee: 'Grenoble', typeVehicule: 'Berline' } }),
    'simulation',
  );
  const completion = validCompletion({
    clientType: 'entreprise',
    clientDetails: { nom: 'Transports Martin SAS', email, telephone: '06 12 34 56 78', siret: SIRET },
  });
  await ok(await api.put(`/api/devis/${simulated.devis.id}/completer`, { data: completion }), 'completion');
  return { api, quoteId: simulated.devis.id };
}

test(
  'a business invoice leaves through the platform, its statuses show in French, a supplier invoice arrives and is approved',
  { tag: '@phone-only' },
  async ({ page }) => {
    const { api, quoteId } = await businessQuote();
    // The operator signs in once (a code is accepted once); his API context does the mission's steps.
    const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: apiHeaders(baseURL) });
    await ok(await admin.post('/api/auth/sign-in/email', { data: E2E_ADMIN }), 'admin sign-in');
    await ok(await admin.post('/api/auth/two-factor/verify-totp', { data: { code: totpCode(E2E_ADMIN_TOTP_SECRET) } }), 'second factor');
    await ok(
      await admin.post(`/api/admin/devis/${quoteId}/confirmer`, {
        data: { prixFinal: '389,90', clauses: { km: true, longDistance: false } },
      }),
      'confirm',
    );
    await ok(
      await admin.post(`/api/admin/devis/${quoteId}/devis-signe`, {
        multipart: { file: { name: 'devis-signe.pdf', mimeType: 'application/pdf', buffer: await makeSignedPdf() } },
      }),
      'signed',
    );
    await ok(await admin.post(`/api/admin/devis/${quoteId}/terminer`), 'finish');

    // The operator's phone: his session (the API context's cookies), then the customer's page in
    // the back office: the directory, looked up at the confirmation.
    await page.context().addCookies((await admin.storageState()).cookies);
    await page.goto(`/admin/devis/${quoteId}/edit`);
    await expect(page.getByTestId('annuaire')).toContainText(directoryLabels.oui);
    await page.getByRole('button', { name: invoiceTexts.createFromQuote }).click();
    await expect(page).toHaveURL(/\/admin\/factures\/[^/]+$/);
    const invoicePath = new URL(page.url()).pathname;
    // The URL changes before the lazily loaded invoice page arrives: wait for its own heading and
    // its draft's line (issuing before they are there is what failed under load).
    await expect(page.getByRole('heading', { name: invoiceTexts.detailTitle('facture', null) })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel(invoiceTexts.lineUnitPrice)).toHaveValue('389,90');
    await page.getByRole('button', { name: invoiceTexts.issue }).click();
    const heading = page.getByRole('heading', { name: /^Facture n° F-\d{4}-\d{4}$/ });
    await expect(heading).toBeVisible({ timeout: 30_000 });
    const numero = (await heading.textContent())!.replace('Facture n° ', '');

    // Submitted once, acknowledged: « Déposée ».
    const status = page.getByTestId('statut-plateforme');
    await expect(async () => {
      await page.reload();
      await expect(status).toHaveText(lifecycleLabels['200'], { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    expect(fake.outgoing().filter((flow) => flow.trackingId === numero)).toHaveLength(1);

    // The buyer refuses it: « Refusée » with its reason in French, the invoice stays issued.
    await fake.emitStatus(numero, '210', { reasonCode: 'TX_TVA_ERR', reason: 'Taux à vérifier' });
    await expect(async () => {
      await page.reload();
      await expect(status).toHaveText(lifecycleLabels['210'], { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText(reasonLabels.TX_TVA_ERR!, { exact: false }).first()).toBeVisible();
    await expect(page.getByText(einvoicingTexts.rejectedAdvice)).toBeVisible();
    await page.screenshot({ path: 'test-results/einvoicing-invoice.png', fullPage: true });

    // The list, filtered by platform status.
    await page.goto('/admin/factures');
    await page.getByLabel(einvoicingTexts.platformStatus).selectOption({ label: lifecycleLabels['210'] });
    await expect(page.getByRole('heading', { name: `Facture n° ${numero}` })).toBeVisible();
    await page.getByLabel(einvoicingTexts.platformStatus).selectOption({ label: lifecycleLabels['205'] });
    await expect(page.getByRole('heading', { name: `Facture n° ${numero}` })).toBeHidden();

    // A supplier's invoice (a Factur-X PDF) arrives through the platform, and is approved in one tap.
    const pdfUrl = (await ok<{ pdfUrl: string }>(await admin.get(invoicePath.replace('/admin/', '/api/admin/')), 'invoice')).pdfUrl;
    const pdf = await (await admin.get(pdfUrl)).body();
    await fake.deliverSupplierInvoice({ content: pdf, contentType: 'application/pdf' });
    await page.goto('/admin/achats');
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('heading', { name: new RegExp(numero) })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // « En faire une dépense » is ticked: the approval records the expense too (expenses/, issue 30),
    // of the category and payment means the page proposes (the server's suggestions) or the ones the operator picks.
    const purchases = await ok<AchatList>(await admin.get(einvoicingRoutes.purchases.path), 'purchases');
    const purchase = purchases.items.find((item) => item.numero === numero)!;
    const category = page.getByLabel(purchaseTexts.category);
    await expect(category).toHaveValue(purchase.categorieSuggeree);
    await category.selectOption({ label: CATEGORIE_LABELS.peage });
    const means = page.getByLabel(purchaseTexts.paymentMeans);
    await expect(means).toHaveValue(purchase.moyenPaiementSuggere);
    await means.selectOption({ label: MOYEN_DEPENSE_LABELS.carte });
    await page.screenshot({ path: 'test-results/einvoicing-achats-approve.png', fullPage: true });
    await page.getByRole('button', { name: purchaseTexts.approve }).click();
    await expect(page.getByText(purchaseTexts.expenseCreated)).toBeVisible();
    await expect(page.getByText(purchaseTexts.statuses.approuvée!, { exact: true })).toBeVisible();
    await expect(category).toBeHidden();
    await expect(means).toBeHidden();
    await page.screenshot({ path: 'test-results/einvoicing-achats.png', fullPage: true });
    const approved = (await ok<AchatList>(await admin.get(einvoicingRoutes.purchases.path), 'purchases')).items.find(
      (item) => item.id === purchase.id,
    )!;
    const expense = await ok<{ categorie: string; moyenPaiement: string }>(
      await admin.get(apiPath(expensesRoutes.get, { id: approved.depenseId! })),
      'expense',
    );
    expect(expense).toMatchObject({ categorie: 'peage', moyenPaiement: 'carte' });
    await expect.poll(() => fake.outgoing('CDAR').filter((flow) => flow.name === `LC_${numero}_205`).length, { timeout: 30_000 }).toBe(1);
    await api.dispose();
    await admin.dispose();
  },
);
