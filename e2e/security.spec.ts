import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import { expect, test } from './fixtures.ts';

const NAME = '<img src=x onerror=alert(1)> Dupont';
const COMMENT = '<script>alert("commentaire")</script> & « clés »';

test.use({ customerName: NAME });

test('HTML typed by a customer is shown as text to the customer and the admin, and never runs', async ({
  page,
  browser,
  baseURL,
  customer,
  logInAsAdmin,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const headers = { origin: baseURL! };
  const devis = await customer.createQuote({ adresseDepart: 'Paris', adresseArrivee: 'Lyon' });
  const completion = validCompletion({
    clientDetails: { nom: NAME, email: customer.email, telephone: '06 12 34 56 78', siret: '732 829 320 00074' },
    contactDepart: { nom: '<b>gras</b>', email: '', telephone: '06 00 00 00 00' },
    commentaire: COMMENT,
  });
  expect((await page.request.put(`/api/devis/${devis.id}/completer`, { headers, data: completion })).ok()).toBe(true);

  await page.goto('/espace-client');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(NAME);
  await page.goto(`/devis/${devis.id}`);
  await expect(page.getByText(COMMENT)).toBeVisible();
  await expect(page.getByText('<b>gras</b>')).toBeVisible();
  expect(await page.locator('#contenu img[src="x"], #contenu script, #contenu b').count()).toBe(0);

  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  adminPage.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await logInAsAdmin(adminPage);
  await adminPage.goto(`/admin/devis/${devis.id}/edit`);
  await expect(adminPage.getByText(COMMENT)).toBeVisible();
  await expect(adminPage.getByText(NAME).first()).toBeVisible();
  expect(await adminPage.locator('#contenu img[src="x"], #contenu script').count()).toBe(0);
  await adminContext.close();

  expect(dialogs).toEqual([]);
});
