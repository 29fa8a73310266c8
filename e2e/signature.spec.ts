import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { adminTexts } from '#domain/texts/admin.ts';
import { quoteTexts } from '#domain/texts/quotes.ts';
import { CGV_ACCEPTANCE_TEXT } from '#domain/texts/legal.ts';
import { CONSENT_TEXT, notificationTexts, signatureTexts } from '#domain/texts/signature.ts';
import { texts } from '#domain/texts/common.ts';
import { addressOf } from '#server/test/outbox.ts';
import { checkSeal } from '#server/test/pdf-seal.ts';
import { E2E_ADMIN, expect, readOutbox, signInAsAdmin, test } from './fixtures.ts';

/**
 * The whole loop of issue 14: the quote's e-mail, its link opened while logged out, the
 * login, the quote read and signed (with a finger on the phone project, 390 px and touch; with
 * the mouse on the desktop), the signed PDF downloaded at once; then the administrator, told
 * by e-mail, downloads the same document from the quote.
 */

/** Draws the strokes (fractions of the pad) with a finger, as a touch screen sends them, or with the mouse. */
async function drawSignature(page: Page, pad: Locator, { touch }: { touch: boolean }) {
  const box = (await pad.boundingBox())!;
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
  const cdp = touch ? await page.context().newCDPSession(page) : null;
  for (const stroke of strokes) {
    const points = stroke.map(([x, y]) => ({ x: box.x + x! * box.width, y: box.y + y! * box.height }));
    if (cdp) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]!] });
      for (const point of points.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    } else {
      await page.mouse.move(points[0]!.x, points[0]!.y);
      await page.mouse.down();
      for (const point of points.slice(1)) await page.mouse.move(point.x, point.y, { steps: 4 });
      await page.mouse.up();
    }
  }
  await cdp?.detach();
}

test(
  'the customer goes from the e-mail to a signed, sealed quote; the administrator is told and downloads it',
  { tag: '@phone' },
  async ({ page, browser, baseURL, customers, adminApi }) => {
    test.setTimeout(180_000);
    const customer = await customers.create({ name: 'Hélène Dupré' });
    const { email, password } = customer;
    const quote = await customer.createQuote({ adresseDepart: 'Lyon', adresseArrivee: 'Marseille', typeVehicule: 'Berline' });
    await customer.completeQuote(quote);
    const confirmed = await adminApi.post(`/api/admin/devis/${quote.id}/confirmer`, {
      data: { prixFinal: '389,90', clauses: { km: true, longDistance: false } },
    });
    expect(confirmed.status()).toBe(200);
    await expect
      .poll(async () => (await readOutbox()).some((mail) => mail.subject === adminTexts.mailSubject(quote.numeroDevis)))
      .toBe(true);
    const viewport = page.viewportSize()!;
    const isPhone = test.info().project.name === 'phone';
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
    expect(pageWidth).toBeLessThanOrEqual(viewport.width);
    await expect(page.getByText('389,90\u00a0€')).toBeVisible();
    await expect(page.getByText(texts.clauseKm)).toBeVisible();

    // Refused without the drawing and the consent, in French.
    await page.getByRole('button', { name: signatureTexts.submit }).click();
    await expect(page.getByText(signatureTexts.signatureMissing)).toBeVisible();
    await expect(page.getByText(signatureTexts.consentMissing)).toBeVisible();

    await expect(page.getByLabel(signatureTexts.signerName)).toHaveValue('Hélène Dupré');
    const pad = page.locator('canvas').and(page.getByLabel(signatureTexts.drawLabel));
    await pad.scrollIntoViewIfNeeded();
    await drawSignature(page, pad, { touch: isPhone });
    await page.getByLabel(CONSENT_TEXT).check();
    await page.getByLabel(CGV_ACCEPTANCE_TEXT).check();
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
    console.log(
      `${test.info().project.name} journey: e-mail link to signed PDF in ${elapsedMs} ms; signed PDF ${signedByCustomer.length} bytes`,
    );

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
    await signInAsAdmin(adminPage.request, baseURL!);
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
  },
);
