import { expect, test } from './fixtures.ts';

test('the home page loads in French with its sections and no console error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveTitle(/Convoyage Pro/);
  for (const id of ['accueil', 'simuler', 'creer-compte', 'connexion', 'contact']) {
    await expect(page.locator(`section#${id}`)).toBeAttached();
  }
  await expect(page.getByRole('contentinfo')).toContainText('TVA non applicable, art. 293 B du CGI');
  expect(errors).toEqual([]);
});

test('an unknown path shows the 404 page and answers 404', async ({ page }) => {
  const response = await page.goto('/cette-page-n-existe-pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page non trouvée');
  await expect(page).toHaveTitle('404 - Page non trouvée');
  await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a protected page sends a visitor to /connexion', async ({ page }) => {
  await page.goto('/espace-client');
  await expect(page).toHaveURL(/\/connexion$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/connexion$/);
});

test('the menu collapses into a toggle on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const menu = page.locator('header nav');
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
});
