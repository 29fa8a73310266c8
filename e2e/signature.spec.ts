import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import { adminTexts } from '#domain/texts-admin.ts';
import { quoteTexts } from '#domain/texts-quotes.ts';
import { CONSENT_TEXT, notificationTexts, signatureTexts } from '#domain/texts-signature.ts';
import { texts } from '#domain/texts.ts';
import { addressOf } from '#server/test/outbox.ts';
import { checkSeal } from '#server/test/pdf-seal.ts';
import { E2E_ADMIN, ensureAdmin } from './admin-support.ts';
import { apiHeaders, readOutbox } from './support.ts';

/**
 * The whole loop of issue 14 on a phone: the quote's e-mail, its link opened while logged
 * out, the login, the quote read and signed with a finger, the signed PDF downloaded at once;
 * then the administrator, told by e-mail, downloads the same document from the quote.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's answers, read by the journey as JSON
async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<any> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response.status() === 204 ? null : response.json();
}

/** A customer signed up and verified through the app (the link of his e-mail), with a quote sent for signature. */
async function customerWithSentQuote(baseURL: string) {
  const email = `signe-${randomUUID().slice(0, 8)}@exemple.fr`;
  const password = 'mot-de-passe-solide';
  const headers = apiHeaders(baseURL);
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: headers });
  await ok(
    await api.post('/api/comptes/inscription', {
      data: {
        nom: 'Hélène Dupré',
        telephone: '06 11 22 33 44',
        email,
        adresse: '3 place Bellecour, 69002 Lyon',
        type: 'particulier',
        motDePasse: password,
        confirmation: password,
        resterConnecte: true,
      },
    }),
    'sign-up',
  );
  const verification = (await readOutbox()).find((mail) => addressOf(mail) === email)!;
  const link = new URL(verification.text!.match(/https?:\/\/\S+/)![0]);
  await api.get(link.pathname + link.search, { maxRedirects: 0 });
  await ok(await api.post('/api/auth/sign-in/email', { data: { email, password, rememberMe: true } }), 'sign-in');
  const simulation = await ok(
    await api.post('/api/devis/simulation', { data: { adresseDepart: 'Lyon', adresseArrivee: 'Marseille', typeVehicule: 'Berline' } }),
    'simulation',
  );
  const quote = simulation.devis as { id: string; numeroDevis: number };
  await ok(
    await api.put(`/api/devis/${quote.id}/completer`, {
      data: validCompletion({
        clientType: 'particulier',
        clientDetails: { nom: 'Hélène Dupré', email, telephone: '06 11 22 33 44', siret: '' },
      }),
    }),
    'completion',
  );
  await api.dispose();

  await ensureAdmin();
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: apiHeaders(baseURL) });
  await ok(await admin.post('/api/auth/sign-in/email', { data: E2E_ADMIN }), 'admin sign-in');
  await ok(
    await admin.post(`/api/admin/devis/${quote.id}/confirmer`, {
      data: { prixFinal: '389,90', clauses: { km: true, longDistance: false } },
    }),
    'confirmation',
  );
  await admin.dispose();
  return { email, password, quote };
}

/** Draws with a finger: touch events through the browser's input pipeline, as a phone's screen sends them. */
async function drawWithFinger(page: Page, selector: string) {
  const box = (await page.locator(selector).boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const strokes = [
    [
      [0.1, 0.7],
      [0.25, 0.25],
      [0.4, 0.75],
      [0.55, 0.3],
      [0.7, 0.65],
    ],
    [
      [0.72, 0.5],
      [0.92, 0.45],
    ],
  ];
  for (const stroke of strokes) {
    const points = stroke.map(([x, y]) => ({ x: box.x + x! * box.width, y: box.y + y! * box.height }));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]!] });
    for (const point of points.slice(1)) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await cdp.detach();
}

test('on a phone, the customer goes from the e-mail to a signed, sealed quote; the administrator is told and downloads it', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email, password, quote } = await customerWithSentQuote(baseURL!);
  const quoteMail = (await readOutbox()).find(
    (mail) => addressOf(mail) === email && mail.subject === adminTexts.mailSubject(quote.numeroDevis),
  );
  const signingLink = quoteMail!.text!.match(/https?:\/\/\S+\/devis\/\S+\/signer/)![0];
  expect(signingLink).toBe(`${baseURL}/devis/${quote.id}/signer`);

  // The customer taps the link on his phone, not logged in: the login, then back to the page.
  const started = Date.now();
  await page.goto(signingLink);
  await expect(page).toHaveURL(/\/connexion/);
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel(texts.fieldEmail).fill(email);
  await form.getByLabel(texts.fieldMotDePasse).fill(password);
  await form.getByRole('button', { name: texts.loginSubmit }).click();
  await expect(page).toHaveURL(new RegExp(`/devis/${quote.id}/signer$`));
  await expect(page.getByRole('heading', { level: 1, name: signatureTexts.heading(quote.numeroDevis) })).toBeVisible();

  // The quote as sent, drawn page by page the width of the phone; its price and clauses.
  await expect(page.getByTestId('pdf-pages')).not.toHaveAttribute('data-pages', '0');
  const firstPage = page.getByRole('img', { name: signatureTexts.documentPage(1, 1) });
  await expect(firstPage).toBeVisible();
  const pageWidth = (await firstPage.boundingBox())!.width;
  expect(pageWidth).toBeGreaterThan(300);
  expect(pageWidth).toBeLessThanOrEqual(390);
  await expect(page.getByText('389,90\u00a0€')).toBeVisible();
  await expect(page.getByText(texts.clauseKm)).toBeVisible();

  // Refused without the drawing and the consent, in French.
  await page.getByRole('button', { name: signatureTexts.submit }).click();
  await expect(page.getByText(signatureTexts.signatureMissing)).toBeVisible();
  await expect(page.getByText(signatureTexts.consentMissing)).toBeVisible();

  await expect(page.getByLabel(signatureTexts.signerName)).toHaveValue('Hélène Dupré');
  await page.getByTestId('signature-pad').scrollIntoViewIfNeeded();
  await drawWithFinger(page, '[data-testid="signature-pad"]');
  await page.getByLabel(CONSENT_TEXT).check();
  await page.getByRole('button', { name: signatureTexts.submit }).click();
  // Making and sealing the document takes a moment on a busy machine.
  await expect(page.getByText(signatureTexts.signed)).toBeVisible({ timeout: 20_000 });

  // The signed PDF, at once.
  const [customerDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: signatureTexts.downloadSigned }).click(),
  ]);
  const signedByCustomer = readFileSync((await customerDownload.path())!);
  const elapsedMs = Date.now() - started;
  expect(customerDownload.suggestedFilename()).toBe(`devis-signe-${quote.numeroDevis}.pdf`);
  expect(checkSeal(signedByCustomer)).toMatchObject({
    coversWholeFile: true,
    digestMatches: true,
    signatureValid: true,
    opensslVerifies: true,
  });
  test
    .info()
    .annotations.push(
      { type: 'e-mail link to signed PDF (ms)', description: String(elapsedMs) },
      { type: 'signed PDF (bytes)', description: String(signedByCustomer.length) },
    );
  console.log(`phone journey: e-mail link to signed PDF in ${elapsedMs} ms; signed PDF ${signedByCustomer.length} bytes`);

  // The quote is en cours, « signé en ligne » in its history, without the administrator.
  await page.goto(`/devis/${quote.id}`);
  await expect(page.getByText(/Signé en ligne par Hélène Dupré/)).toBeVisible();
  await expect(page.getByText('En cours').first()).toBeVisible();

  // The administrator was told, with a link to the quote in the back office.
  const toAdmin = (await readOutbox()).find((mail) => mail.subject === notificationTexts.adminSignedSubject(quote.numeroDevis));
  expect(addressOf(toAdmin!)).toBe(E2E_ADMIN.email);
  const adminLink = toAdmin!.text!.match(/https?:\/\/\S+\/admin\/devis\/\S+\/edit/)![0];

  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const adminPage = await adminContext.newPage();
  await ok(await adminPage.request.post('/api/auth/sign-in/email', { data: E2E_ADMIN, headers: apiHeaders(baseURL!) }), 'admin sign-in');
  await adminPage.goto(adminLink);
  await expect(adminPage.getByText(/Signé en ligne par Hélène Dupré/)).toBeVisible();
  const [adminDownload] = await Promise.all([
    adminPage.waitForEvent('download'),
    adminPage.getByRole('link', { name: adminTexts.downloadSigned }).first().click(),
  ]);
  const signedForAdmin = readFileSync((await adminDownload.path())!);
  expect(signedForAdmin.equals(signedByCustomer)).toBe(true);
  await adminContext.close();

  // And the customer's list offers no second signature.
  await page.goto('/espace-client');
  await expect(page.getByRole('link', { name: new RegExp(quoteTexts.sign) })).toHaveCount(0);
});
