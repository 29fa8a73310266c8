import { readFile } from 'node:fs/promises';
import { privacyPageTexts } from '#domain/texts/privacy-page.ts';
import { privacyTexts as p } from '#domain/texts/privacy.ts';
import { publicPageMeta, publicTexts, texts } from '#domain/texts/common.ts';
import { addressOf } from '#server/test/outbox.ts';
import { expect, readOutbox, test } from './fixtures.ts';

test(
  'a customer downloads his data, deletes his account and can no longer log in; the privacy policy is in the footer',
  { tag: '@phone-only' },
  async ({ page, customer }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // The wrong password and the failed login are refused on purpose (403, 401).
      if (message.type() === 'error' && !message.text().includes('status of 4')) errors.push(message.text());
    });
    const quote = await customer.createQuote({ adresseDepart: 'Lyon (69001)', adresseArrivee: 'Annecy (74000)', typeVehicule: 'Berline' });

    await page.goto('/espace-client');
    const section = page.getByRole('region', { name: p.sectionTitle });
    await expect(section).toBeVisible();

    // « Télécharger mes données »: a dated JSON file with his account and his quote.
    const downloading = page.waitForEvent('download');
    await section.getByRole('link', { name: p.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^mes-donnees-convoyage-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.compte.email).toBe(customer.email);
    expect(data.profil.nom).toBe(customer.name);
    expect(data.devis.map((devis: { numeroDevis: number }) => devis.numeroDevis)).toEqual([quote.numeroDevis]);
    expect(JSON.stringify(data)).not.toMatch(/"(password|token)"/i);

    // « Supprimer mon compte »: a wrong password is refused in the dialog, the right one deletes.
    await section.getByRole('button', { name: p.deleteAccount }).click();
    const dialog = page.getByRole('dialog', { name: p.deleteTitle });
    await expect(dialog).toContainText(p.deleteWarning);
    await dialog.getByLabel(p.deletePasswordLabel).fill('pas-le-bon-mot-de-passe');
    await dialog.getByRole('button', { name: p.deleteConfirm }).click();
    await expect(dialog.getByRole('alert')).toHaveText(p.wrongPassword);
    await dialog.getByLabel(p.deletePasswordLabel).fill(customer.password);
    await dialog.getByRole('button', { name: p.deleteConfirm }).click();
    await expect(page).toHaveURL(/\/connexion\?compte=supprime$/);
    await expect(page.getByText(p.deleted)).toBeVisible();

    // His last e-mail.
    const lastMails = (await readOutbox()).filter((mail) => addressOf(mail) === customer.email);
    expect(lastMails.at(-1)?.subject).toBe(p.farewellMail.subject);

    // He can no longer log in.
    const form = page.getByRole('form', { name: texts.loginTitle });
    await form.getByLabel(texts.fieldEmail).fill(customer.email);
    await form.getByLabel(texts.fieldMotDePasse).fill(customer.password);
    await form.getByRole('button', { name: texts.loginSubmit }).click();
    await expect(page.getByRole('alert')).toHaveText(texts.loginFailurePage);
    expect((await page.request.get('/api/comptes/mes-donnees')).status()).toBe(401);

    // The privacy policy, from the footer.
    await page.getByRole('contentinfo').getByRole('link', { name: publicTexts.nav.confidentialite }).click();
    await expect(page).toHaveURL(/\/confidentialite$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(publicPageMeta.confidentialite.title);
    await expect(page.getByRole('main')).toContainText(privacyPageTexts.accessRight);
    await expect(page.getByRole('main')).toContainText(privacyPageTexts.erasureRight);
    expect(errors).toEqual([]);
  },
);

test('the privacy policy is prerendered with the configured retention periods and processors', async ({ page }) => {
  // The server's first HTML already holds the text (prerendered, like the other information pages).
  const html = await (await page.request.get('/confidentialite')).text();
  expect(html).toContain(`<title>${publicPageMeta.confidentialite.title}`);
  expect(html).toContain(privacyPageTexts.accessRight);
  await page.goto('/confidentialite');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(publicPageMeta.confidentialite.title);
  const main = page.getByRole('main');
  for (const heading of [
    privacyPageTexts.collectedTitle,
    privacyPageTexts.retentionTitle,
    privacyPageTexts.processorsTitle,
    privacyPageTexts.rightsTitle,
  ]) {
    await expect(main.getByRole('heading', { name: heading })).toBeVisible();
  }
  // The e2e server runs with the defaults: built-in geocoder, router, mailer and disk store.
  const retention = privacyPageTexts.retention({
    sentMailDays: 30,
    expiredSessionDays: 7,
    verificationDays: 1,
    throttleHours: 24,
    auditDays: 400,
    trackingDays: 30,
  });
  await expect(main).toContainText(retention[3]!);
  await expect(main).toContainText(retention[7]!);
  // The live tracking's positions (TRACKING_RETENTION_DAYS), and no SMS provider by default.
  await expect(main).toContainText(retention[8]!);
  await expect(main).toContainText(privacyPageTexts.sms(null));
  await expect(main).toContainText(privacyPageTexts.geocoder(null));
  await expect(main).toContainText(privacyPageTexts.smtp(null));
});
