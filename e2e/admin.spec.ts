import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { quoteTexts } from '#domain/texts/quotes.ts';
import { readPdf } from '#server/test/pdf-text.ts';
import { apiHeaders, expect, holdResponses, makeSignedPdf, readOutbox, test } from './fixtures.ts';

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Finds the client's group on /admin by searching, opens it, and returns the quote's item. */
async function openQuote(page: Page, email: string, numero: number) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: adminTexts.adminTitle })).toBeVisible();
  await page.getByLabel(adminTexts.searchLabel).fill(email);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/[.]/g, '\\.')}`));
  await expect(page.getByRole('status').filter({ hasText: /devis · 1 client$/ })).toBeVisible();
  const toggle = page.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Devis n° ${numero}`, exact: true }) });
}

test('the admin confirms a completed quote, files the signed PDF and ends the mission', async ({
  page,
  baseURL,
  browser,
  customers,
  logInAsAdmin,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const customer = await customers.create({ name: 'Hélène Dupré', telephone: '06 11 22 33 44' });
  const quote = await customer.createQuote({ adresseDepart: 'Lyon (69000)', adresseArrivee: 'Marseille (13000)', typeVehicule: 'Berline' });
  await customer.completeQuote(quote, { commentaire: 'Clés à récupérer à l’accueil.' });
  await logInAsAdmin(page);

  // The admin finds the completed quote and opens its edit page.
  let item = await openQuote(page, customer.email, quote.numeroDevis);
  await expect(item.getByText('En attente de confirmation')).toBeVisible();
  await expect(item.getByRole('button', { name: adminTexts.archive })).toBeVisible();
  await item.getByRole('link', { name: adminTexts.editAndConfirm }).click();
  await expect(page.getByRole('heading', { level: 1, name: adminTexts.adminEditTitle })).toBeVisible();
  for (const section of [
    adminTexts.sectionClient,
    adminTexts.sectionGeneral,
    adminTexts.sectionTimes,
    adminTexts.sectionContacts,
    adminTexts.sectionOptions,
    adminTexts.sectionVehicle,
    adminTexts.sectionComments,
    adminTexts.historyTitle,
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByText('Hélène Dupré')).toBeVisible();
  await expect(page.getByText('Clés à récupérer à l’accueil.')).toBeVisible();

  // A bad price is refused in the page; then the real one with both clauses.
  const price = page.getByLabel(adminTexts.prixFinalLabel);
  await price.fill('-5');
  await page.getByRole('button', { name: adminTexts.confirmQuote }).click();
  await expect(page.getByText(adminTexts.prixFinalInvalid)).toBeVisible();
  await price.fill('1 250,50');
  await page.getByLabel(texts.clauseKm).check();
  await page.getByLabel(texts.clauseLongDistance).check();
  await page.getByRole('button', { name: adminTexts.confirmQuote }).click();
  await expect(page.getByText(adminTexts.confirmSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);

  // The customer's e-mail carries the PDF of the quote.
  // The latest message to the customer (the first verified the address).
  const mail = (await readOutbox()).findLast((message) => message.to && JSON.stringify(message.to).includes(customer.email));
  expect(mail?.subject).toBe(adminTexts.mailSubject(quote.numeroDevis));
  const attachment = mail?.attachments.find((file) => file.contentType === 'application/pdf');
  expect(attachment?.filename).toBe(`devis-${quote.numeroDevis}.pdf`);
  const pdf = await readPdf(attachment!.content);
  expect(pdf.pages[0]?.width).toBeCloseTo(595.28, 1);
  expect(flat(pdf.text)).toContain(`Devis n° ${quote.numeroDevis}`);
  expect(flat(pdf.text)).toMatch(/1\s250,50 €/u);
  expect(flat(pdf.text)).toContain(texts.clauseKm);
  expect(flat(pdf.text)).toContain(texts.clauseLongDistance);

  // Sent: the quote waits for its signature.
  item = await openQuote(page, customer.email, quote.numeroDevis);
  await expect(item.getByText('Envoyé', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: adminTexts.confirmSigned })).toBeVisible();
  await item.getByRole('link', { name: adminTexts.uploadSigned }).click();
  await expect(page.getByRole('heading', { level: 1, name: adminTexts.uploadTitle })).toBeVisible();
  const picker = page.getByLabel(adminTexts.uploadPickerLabel);
  await expect(picker).toHaveAttribute('accept', 'application/pdf');

  await page.getByRole('button', { name: adminTexts.uploadButton }).click();
  await expect(page.getByText(texts.uploadNoFile)).toBeVisible();

  await picker.setInputFiles({ name: 'faux.pdf', mimeType: 'application/pdf', buffer: Buffer.from('ceci est du texte') });
  await page.getByRole('button', { name: adminTexts.uploadButton }).click();
  await expect(page.getByRole('alert')).toContainText(adminTexts.uploadFailure);
  await expect(page.getByRole('alert')).toContainText(adminTexts.uploadNotPdf);

  // Hold the upload's answer so that its progress can be seen.
  const releaseUpload = await holdResponses(page, '**/devis-signe');
  await picker.setInputFiles({ name: 'devis-signe.pdf', mimeType: 'application/pdf', buffer: await makeSignedPdf() });
  await page.getByRole('button', { name: adminTexts.uploadButton }).click();
  await expect(page.getByRole('status').filter({ hasText: adminTexts.uploadInProgress })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: adminTexts.uploadProgressLabel })).toBeVisible();
  await releaseUpload();
  await expect(page.getByText(adminTexts.uploadSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await page.unroute('**/devis-signe');

  // The customer downloads the signed quote from /espace-client, with their own session.
  const customerContext = await browser.newContext({ baseURL, acceptDownloads: true });
  try {
    const customerPage = await customerContext.newPage();
    const signIn = await customerPage.request.post('/api/auth/sign-in/email', {
      data: { email: customer.email, password: customer.password },
      headers: apiHeaders(baseURL!),
    });
    expect(signIn.status()).toBe(200);
    await customerPage.goto('/espace-client');
    const downloadLink = customerPage.getByRole('link', { name: new RegExp(quoteTexts.downloadSigned) });
    await expect(downloadLink).toBeVisible();
    const [download] = await Promise.all([customerPage.waitForEvent('download'), downloadLink.click()]);
    expect(download.suggestedFilename()).toBe(`devis-signe-${quote.numeroDevis}.pdf`);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const response = await customerPage.request.get(`/api/devis/${quote.id}/devis-signe`);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['cache-control']).toBe('private, no-store');
  } finally {
    await customerContext.close();
  }

  // En cours: the admin ends the mission.
  item = await openQuote(page, customer.email, quote.numeroDevis);
  await expect(item.getByText('En cours', { exact: true })).toBeVisible();
  await expect(item.getByRole('link', { name: adminTexts.downloadSigned })).toHaveAttribute('href', `/api/devis/${quote.id}/devis-signe`);
  await item.getByRole('button', { name: adminTexts.finishMission }).click();
  await expect(page.getByText(adminTexts.finishDone)).toBeVisible();
  await expect(item.getByText('Terminé', { exact: true })).toBeVisible();

  // The edit page shows the whole history.
  await page.goto(`/admin/devis/${quote.id}/edit`);
  const history = page.locator('section').filter({ has: page.getByRole('heading', { name: adminTexts.historyTitle }) });
  await expect(history.getByRole('listitem')).toHaveCount(6);
  await expect(history).toContainText('Confirmé → Envoyé (administrateur)');
  await expect(history).toContainText('En cours → Terminé (administrateur)');

  // Logout goes to the home page.
  await page.goto('/admin');
  // The toolbar's button (the header has one too once its lazy part is in).
  await page.locator('#contenu').getByRole('button', { name: adminTexts.logout }).click();
  await expect(page).toHaveURL(/\/$/);
  // The browser logs the refused upload (415) itself; nothing else may fail.
  expect(errors.filter((error) => !error.includes('status of 415'))).toEqual([]);
});

test('a quote without any e-mail cannot be confirmed; archive, restore and delete with a warning', async ({
  page,
  customers,
  importedQuote: orphan,
  logInAsAdmin,
}) => {
  const customer = await customers.create({ name: 'Marc Petit' });
  const other = { ...(await customer.createQuote()), email: customer.email };
  await logInAsAdmin(page);

  await page.goto(`/admin/devis/${orphan.id}/edit`);
  await page.getByLabel(adminTexts.prixFinalLabel).fill('300');
  await page.getByRole('button', { name: adminTexts.confirmQuote }).click();
  await expect(page.getByRole('alert')).toHaveText(texts.clientEmailMissing);
  await expect(page).toHaveURL(new RegExp(`/admin/devis/${orphan.id}/edit$`));

  // Archive the quote from the list; the status filter finds it among the archived ones.
  let item = await openQuote(page, other.email!, other.numeroDevis);
  await item.getByRole('button', { name: adminTexts.archive }).click();
  await expect(page.getByText(adminTexts.archiveDone)).toBeVisible();
  await page.getByLabel(adminTexts.statusFilterLabel).selectOption('archivé');
  await expect(page).toHaveURL(/statut=archiv/);

  await page.getByRole('link', { name: adminTexts.archivesLink }).click();
  await expect(page.getByRole('heading', { level: 1, name: adminTexts.archivesTitle })).toBeVisible();
  item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Devis n° ${other.numeroDevis}`, exact: true }) });
  await expect(item).toContainText(other.email!);
  await expect(item.getByRole('link', { name: adminTexts.view })).toHaveAttribute('href', `/admin/devis/${other.id}/edit`);
  await item.getByRole('button', { name: adminTexts.restore }).click();
  await expect(page.getByText(adminTexts.restoreDone)).toBeVisible();
  // Its own quote leaves the list: the worker's server may hold other archived quotes (the
  // Firebase import's journey brings one), so the list is not expected to be empty.
  await expect(item).toHaveCount(0);

  // Archive again, then delete for good after the irreversible-action warning.
  item = await openQuote(page, other.email!, other.numeroDevis);
  await item.getByRole('button', { name: adminTexts.archive }).click();
  await expect(page.getByText(adminTexts.archiveDone)).toBeVisible();
  await page.goto('/admin/devis-archives');
  item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Devis n° ${other.numeroDevis}`, exact: true }) });
  await item.getByRole('button', { name: adminTexts.delete }).click();
  const dialog = page.getByRole('dialog', { name: adminTexts.deleteTitle });
  await expect(dialog).toContainText(adminTexts.deleteWarning);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await item.getByRole('button', { name: adminTexts.delete }).click();
  await dialog.getByRole('button', { name: adminTexts.delete }).click();
  await expect(page.getByText(adminTexts.deleteDone)).toBeVisible();
  await expect(item).toHaveCount(0);
  expect((await page.request.get(`/api/admin/devis/${other.id}`)).status()).toBe(404);
});

test('a customer is sent away from the back office and refused by its API', async ({ page, customer: _loggedIn }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/admin/devis')).status()).toBe(403);
});
