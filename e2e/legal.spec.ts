import type { Locator, Page } from '@playwright/test';
import { formatDay } from '#domain/format.ts';
import { addDays } from '#domain/invoices.ts';
import { withdrawalDeadline } from '#domain/legal.ts';
import { parisToday } from '#domain/format.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { publicTexts, texts } from '#domain/texts/common.ts';
import { quoteTexts } from '#domain/texts/quotes.ts';
import { CGV_ACCEPTANCE_TEXT, EARLY_START_TEXT, legalTexts } from '#domain/texts/legal.ts';
import { CONSENT_TEXT, signatureTexts } from '#domain/texts/signature.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/index.ts';
import { addressOf } from '#server/test/outbox.ts';
import { E2E_ADMIN, E2E_DATA_DIR, expect, readOutbox, test, type E2eCustomer } from './fixtures.ts';

/**
 * Issue 28 on a phone: a consumer signs with the CGV box ticked, then withdraws within the
 * period (receipt and notice e-mailed); a consumer whose pickup is near is asked about an early
 * start; a quote past its validity date cannot be signed.
 */

async function draw(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  for (const [x, y] of [
    [0.3, 0.2],
    [0.5, 0.8],
    [0.7, 0.3],
    [0.9, 0.6],
  ] as const) {
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 4 });
  }
  await page.mouse.up();
}

/** A consumer's quote, completed with its pickup `pickupInDays` from today, confirmed and e-mailed: envoyé. */
async function sentQuote(
  customer: E2eCustomer,
  adminApi: import('@playwright/test').APIRequestContext,
  pickupInDays: number,
  acomptePourcent = 0,
) {
  const quote = await customer.createQuote({ adresseDepart: 'Lyon', adresseArrivee: 'Grenoble', typeVehicule: 'Citadine' });
  await customer.completeQuote(quote, {
    priseInfo: { datePriseEnCharge: addDays(parisToday(), pickupInDays), debut: '08:00', fin: '10:30' },
    livraisonInfo: { dateLivraisonSouhaitee: addDays(parisToday(), pickupInDays + 1), debut: '14:00', fin: '18:00' },
  });
  const confirmed = await adminApi.post(`/api/admin/devis/${quote.id}/confirmer`, {
    data: { prixFinal: '250', clauses: { km: false, longDistance: false }, acomptePourcent },
  });
  expect(confirmed.status()).toBe(200);
  await expect.poll(async () => (await readOutbox()).some((mail) => mail.subject === adminTexts.mailSubject(quote.numeroDevis))).toBe(true);
  return quote;
}

test(
  'a consumer signs with the CGV accepted, then withdraws within the period',
  { tag: '@phone-only' },
  async ({ page, customers, adminApi }) => {
    const customer = await customers.create({ name: 'Léa Martin', page });
    // With a 30 % deposit (payments/), refunded by the withdrawal.
    const quote = await sentQuote(customer, adminApi, 30, 30);

    // The CGV from the footer, on any page.
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: publicTexts.nav.cgv }).click();
    await expect(page).toHaveURL(/\/cgv$/);
    await expect(page.getByRole('heading', { level: 2, name: /Droit de rétractation/ })).toBeVisible();

    await page.goto(`/devis/${quote.id}/signer`);
    await expect(page.getByText(legalTexts.validUntil(formatDay(addDays(parisToday(), 30))))).toBeVisible();
    await expect(page.getByText(/Droit de rétractation : en tant que consommateur/)).toBeVisible();
    await expect(page.getByLabel(EARLY_START_TEXT)).toHaveCount(0);
    await expect(page.getByTestId('pdf-pages')).not.toHaveAttribute('data-pages', '0');
    await draw(page, page.locator('canvas').and(page.getByLabel(signatureTexts.drawLabel)));
    await page.getByLabel(CONSENT_TEXT).check();
    // Without the CGV box: refused, in French.
    await page.getByRole('button', { name: signatureTexts.submit }).click();
    await expect(page.getByText(legalTexts.cgvMissing)).toBeVisible();
    await page.getByLabel(CGV_ACCEPTANCE_TEXT).check();
    await page.getByRole('button', { name: signatureTexts.submit }).click();
    await expect(page.getByText(signatureTexts.signed)).toBeVisible({ timeout: 20_000 });
    const mailsTo = async (pattern: RegExp) =>
      (await readOutbox()).filter((mail) => addressOf(mail) === customer.email && pattern.test(mail.subject ?? ''));
    await expect.poll(async () => (await mailsTo(/^Votre facture d’acompte n° /)).length).toBe(1);

    // « Me rétracter », then the separate confirmation step.
    await page.goto(`/devis/${quote.id}`);
    await page.getByRole('button', { name: legalTexts.withdrawButton }).click();
    await expect(page.getByText(/Vous renoncez au contrat du devis/)).toBeVisible();
    await page.getByRole('button', { name: legalTexts.withdrawConfirm }).click();
    await expect(page.getByText(/Votre rétractation a été enregistrée le/)).toBeVisible();

    // The receipt (content, date and time) to the customer, the notice to the administrator.
    await expect
      .poll(
        async () =>
          (await readOutbox()).filter((mail) => mail.subject?.includes(`devis n° ${quote.numeroDevis}`) && /tractation/.test(mail.subject))
            .length,
      )
      .toBe(2);
    const mails = await readOutbox();
    const receipt = mails.find((mail) => mail.subject === legalTexts.mailCustomerSubject(quote.numeroDevis))!;
    expect(addressOf(receipt)).toBe(customer.email);
    expect(receipt.text).toMatch(/Envoyée le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
    expect(addressOf(mails.find((mail) => mail.subject === legalTexts.mailAdminSubject(quote.numeroDevis))!)).toBe(E2E_ADMIN.email);
    // The deposit is credited by a credit note, e-mailed to the customer.
    await expect.poll(async () => (await mailsTo(/^Votre avoir n° /)).length).toBe(1);

    // The quote left the active list.
    await page.goto('/espace-client');
    await expect(page.getByRole('region', { name: quoteTexts.myQuotes }).getByText(texts.noActiveQuotes)).toBeVisible();
    // In the archives, the withdrawn contract is kept as it is: « Voir », neither « Restaurer » nor « Supprimer ».
    await page.getByRole('link', { name: quoteTexts.archivesLink }).click();
    const card = page.getByRole('article', { name: quoteTexts.quoteNumber(quote.numeroDevis) });
    await expect(card.getByRole('link', { name: new RegExp(`^${quoteTexts.view}`) })).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
  },
);

test(
  'a consumer whose pickup is near is asked about an early start, unticked; without it the planning says « pas avant le … »',
  { tag: '@phone-only' },
  async ({ page, customers, adminApi, logInAsAdmin }) => {
    const customer = await customers.create({ name: 'Paul Bernard', page });
    const quote = await sentQuote(customer, adminApi, 3);
    await page.goto(`/devis/${quote.id}/signer`);
    const early = page.getByLabel(EARLY_START_TEXT);
    await expect(early).toBeVisible();
    await expect(early).not.toBeChecked();
    await expect(page.getByText(/la mission ne commencera pas avant le \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

    // He signs without asking: the administrator's planning and pickup inspection say when the mission may start.
    await expect(page.getByTestId('pdf-pages')).not.toHaveAttribute('data-pages', '0');
    await draw(page, page.locator('canvas').and(page.getByLabel(signatureTexts.drawLabel)));
    await page.getByLabel(CONSENT_TEXT).check();
    await page.getByLabel(CGV_ACCEPTANCE_TEXT).check();
    await page.getByRole('button', { name: signatureTexts.submit }).click();
    await expect(page.getByText(signatureTexts.signed)).toBeVisible({ timeout: 20_000 });

    const firstDay = formatDay(addDays(withdrawalDeadline(new Date()), 1));
    await logInAsAdmin(page);
    await page.goto('/admin/missions');
    const card = page.getByRole('listitem').filter({ hasText: `${quote.numeroDevis}` });
    await expect(card.getByText(legalTexts.notBefore(firstDay))).toBeVisible();
    await page.goto(`/admin/devis/${quote.id}/prise-en-charge`);
    await expect(page.getByText(legalTexts.notBeforeWarning(firstDay))).toBeVisible();
  },
);

test(
  'a quote past its validity date cannot be signed; the administrator extends it',
  { tag: '@phone-only' },
  async ({ page, customers, adminApi, logInAsAdmin }) => {
    const customer = await customers.create({ name: 'Nina Petit', page });
    const quote = await sentQuote(customer, adminApi, 30);
    // Time passes: the last valid day was yesterday.
    const yesterday = addDays(parisToday(), -1);
    const database = openDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, ADMIN_EMAIL: E2E_ADMIN.email, LOG_LEVEL: 'silent' }).database);
    await database.db
      .updateTable('devis')
      .set({ valableJusquAu: yesterday })
      .where('id', '=', quote.id)
      .execute()
      .finally(() => database.close());

    await page.goto(`/devis/${quote.id}/signer`);
    await expect(page.getByText(legalTexts.expired(formatDay(yesterday)))).toBeVisible();
    await expect(page.getByRole('button', { name: signatureTexts.submit })).toHaveCount(0);
    await expect(page.getByRole('link', { name: legalTexts.askNewQuote })).toBeVisible();
    await page.goto(`/devis/${quote.id}`);
    await expect(page.getByText(legalTexts.expiredBadge)).toBeVisible();
    // And on its card in the customer's list.
    await page.goto('/espace-client');
    await expect(
      page.getByRole('article', { name: quoteTexts.quoteNumber(quote.numeroDevis) }).getByText(legalTexts.expiredBadge),
    ).toBeVisible();

    // The administrator extends it: a new version, valid from today, e-mailed again; the customer may sign it.
    await logInAsAdmin(page);
    await page.goto(`/admin/devis/${quote.id}/edit`);
    await expect(page.getByText(legalTexts.expired(formatDay(yesterday)))).toBeVisible();
    await page.getByRole('button', { name: legalTexts.extendButton }).click();
    await expect(page.getByText(legalTexts.extendDone)).toBeVisible();
    const newDay = formatDay(addDays(parisToday(), 30));
    await expect
      .poll(async () => (await readOutbox()).filter((mail) => mail.subject === adminTexts.mailSubject(quote.numeroDevis)).length)
      .toBe(2);
    expect((await readOutbox()).findLast((mail) => mail.subject === adminTexts.mailSubject(quote.numeroDevis))!.text).toContain(
      legalTexts.validUntil(newDay),
    );
    await expect(page.getByText(legalTexts.validUntil(newDay))).toBeVisible();
  },
);
