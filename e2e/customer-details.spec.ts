import AxeBuilder from '@axe-core/playwright';
import { adminTexts } from '#domain/texts/admin.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { expect, test } from './fixtures.ts';

/**
 * What a customer noticed walking the product on a phone: the final price once confirmed,
 * the phone given at sign-up in the completion form, a wrong date explained as the field
 * shows it; and the back office's headings, one level at a time.
 */

test.use({ viewport: { width: 375, height: 812 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' });

test('once confirmed, a quote shows « Prix final » with its cents; an estimate keeps « Prix estimé TTC »', async ({
  page,
  customer,
  adminApi,
}) => {
  const confirmed = await customer.createQuote({ adresseDepart: 'Paris', adresseArrivee: 'Lyon', typeVehicule: 'Berline' });
  await customer.completeQuote(confirmed);
  const estimate = await customer.createQuote();
  const confirmation = await adminApi.post(`/api/admin/devis/${confirmed.id}/confirmer`, {
    data: { prixFinal: '420,50', clauses: { km: false, longDistance: false } },
  });
  expect(confirmation.status(), await confirmation.text()).toBe(200);

  await page.goto('/espace-client');
  const confirmedCard = page.getByRole('article', { name: t.quoteNumber(confirmed.numeroDevis) });
  await expect(confirmedCard.getByRole('term')).toContainText([t.prixFinal]);
  await expect(confirmedCard.getByRole('definition').filter({ hasText: '€' })).toHaveText('420,50\u00a0€');
  const estimateCard = page.getByRole('article', { name: t.quoteNumber(estimate.numeroDevis) });
  await expect(estimateCard.getByRole('term')).toContainText([t.prixTtc]);
  await expect(estimateCard.getByRole('definition').filter({ hasText: '€' })).toHaveText(/^\d[\d\u202f]*\u00a0€$/);

  await page.goto(`/devis/${confirmed.id}`);
  await expect(page.getByRole('term').filter({ hasText: t.prixFinal })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '420,50' })).toHaveText('420,50\u00a0€');
  await expect(page.getByRole('term').filter({ hasText: t.prixTtc })).toHaveCount(0);
});

test.describe('the completion form', () => {
  test.use({ customerName: 'Marc Lefort' });

  test('starts with the phone given at sign-up, and explains a wrong date as jj/mm/aaaa', async ({ page, customer }) => {
    const devis = await customer.createQuote();

    await page.goto(`/devis/${devis.id}/completer`);
    const client = page.getByRole('group', { name: t.clientInfo });
    await expect(client.getByLabel(t.telephone)).toHaveValue(customer.telephone);
    await expect(client.getByLabel(t.clientNom)).toHaveValue('Marc Lefort');

    // Day and month typed, no year: the field holds no date.
    const pickup = page.getByLabel(t.pickupDate);
    await pickup.click();
    await page.keyboard.type('3112');
    await page.getByRole('button', { name: t.completeSubmit }).click();
    await expect(pickup).toHaveAccessibleDescription('Indiquez une date valide au format jj/mm/aaaa.');
  });
});

test('/admin goes down one heading level at a time', async ({ page, customer, logInAsAdmin }) => {
  const quote = await customer.createQuote();
  await customer.completeQuote(quote);
  await page.context().clearCookies();
  await logInAsAdmin(page);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: adminTexts.adminTitle })).toBeVisible();
  // The first client group (« À faire », above the list, is a heading of level 2 too).
  await page
    .getByRole('heading', { level: 2 })
    .filter({ has: page.getByRole('button') })
    .first()
    .getByRole('button')
    .click();
  await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();

  const levels = await page
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
  expect(levels[0]).toBe(1);
  for (let index = 1; index < levels.length; index += 1) {
    expect(levels[index]!, `heading ${index}: ${levels.join(' ')}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
  }
  const axe = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  expect(axe.violations).toEqual([]);
});
