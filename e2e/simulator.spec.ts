import type { Page } from '@playwright/test';
import { texts } from '#domain/texts/common.ts';
import { expect, linksSentTo, test } from './fixtures.ts';

async function chooseAddress(page: Page, label: string, typed: string, expected: RegExp) {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(typed);
  const option = page.getByRole('option', { name: expected }).first();
  await expect(option).toBeVisible();
  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', /opt-0$/);
  await field.press('Enter');
  await expect(page.getByRole('listbox', { name: label })).toBeHidden();
  return field.inputValue();
}

/** Types both addresses as they are (no suggestion picked), chooses the vehicle and submits. */
async function simulate(page: Page, depart: string, arrivee: string, vehicle: string) {
  const simulator = page.getByRole('form', { name: 'Simulateur de prix' });
  await page.getByRole('combobox', { name: 'Adresse de départ' }).fill(depart);
  await page.getByRole('combobox', { name: 'Adresse d’arrivée' }).fill(arrivee);
  await simulator.getByLabel('Type de véhicule').selectOption(vehicle);
  await simulator.getByRole('button', { name: 'Calculer le prix' }).click();
  return simulator;
}

test.describe('the price simulator', () => {
  test('a visitor picks two addresses with the keyboard and sees distance and price', async ({ page }) => {
    await page.goto('/#simuler');
    const simulator = page.getByRole('form', { name: 'Simulateur de prix' });
    await simulator.getByRole('button', { name: 'Calculer le prix' }).click();
    await expect(simulator.getByRole('alert')).toHaveText('Veuillez remplir tous les champs.');

    expect(await chooseAddress(page, 'Adresse de départ', 'Paris', /Paris/)).toMatch(/Paris/);
    const arrival = page.getByRole('combobox', { name: 'Adresse d’arrivée' });
    await arrival.fill('Lyo');
    await expect(page.getByRole('option', { name: /Lyon/ }).first()).toBeVisible();
    await arrival.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Adresse d’arrivée' })).toBeHidden();
    await arrival.fill('69002 Lyon');
    await simulator.getByLabel('Type de véhicule').selectOption('Citadine');
    await simulator.getByRole('button', { name: 'Calculer le prix' }).click();

    const status = simulator.getByRole('status');
    await expect(status).toContainText(/Distance estimée : \d[\d\s]*\skm/);
    await expect(status).toContainText(/Prix estimé TTC : \d[\d\s]*\s€/);
    await expect(status).toContainText('créez un compte');
  });

  test('Tab leaves an address field for the next one while a long list of suggestions is open', async ({ page }) => {
    await page.goto('/#simuler');
    const departure = page.getByRole('combobox', { name: 'Adresse de départ' });
    await departure.fill('Sa');
    const list = page.getByRole('listbox', { name: 'Adresse de départ' });
    await expect(list.getByRole('option').first()).toBeVisible();
    // The list scrolls (Chromium would make such a box a tab stop of its own).
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await departure.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Adresse d’arrivée' })).toBeFocused();
    await expect(list).toBeHidden();
  });

  test('dragging the scrollbar of a long list of suggestions scrolls it and keeps it open', async ({ playwright, baseURL }, testInfo) => {
    // Headless Chromium hides scrollbars; a desk's browser shows them, and a press on one must not close the list.
    const browser = await playwright.chromium.launch({ ...testInfo.project.use.launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] });
    try {
      const page = await browser.newPage({ baseURL, viewport: { width: 1366, height: 768 } });
      await page.goto('/#simuler');
      const departure = page.getByRole('combobox', { name: 'Adresse de départ' });
      await departure.fill('Sa');
      const list = page.getByRole('listbox', { name: 'Adresse de départ' });
      await expect(list.getByRole('option').first()).toBeVisible();
      const box = await list.boundingBox();
      const border = await list.evaluate((element) => element.clientLeft);
      const scrollbarWidth = await list.evaluate(
        (element: HTMLElement) => element.offsetWidth - element.clientWidth - 2 * element.clientLeft,
      );
      expect(box && scrollbarWidth > 0).toBe(true);
      if (!box) return;
      // The thumb sits at the top of the scrollbar, below its arrow, inside the list's right border.
      const x = box.x + box.width - border - scrollbarWidth / 2;
      const thumbTop = box.y + border + scrollbarWidth + 6;
      await page.mouse.move(x, thumbTop);
      await page.mouse.down();
      await page.mouse.move(x, thumbTop + 60, { steps: 5 });
      await page.mouse.up();
      await expect(list).toBeVisible();
      await expect(departure).toBeFocused();
      expect(await list.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
      const last = list.getByRole('option').last();
      const chosen = (await last.locator('span').first().textContent()) ?? '';
      await last.click();
      await expect(list).toBeHidden();
      await expect(departure).toHaveValue(chosen);
    } finally {
      await browser.close();
    }
  });

  test('over 1200 km: the red message and no price; an unknown address: the failure message', async ({ page }) => {
    await page.goto('/');
    const simulator = await simulate(page, 'Brest', 'Menton', 'Berline');
    await expect(simulator.getByRole('alert')).toHaveText(
      'Distance supérieure à 1200 km – veuillez nous contacter pour un devis personnalisé.',
    );
    await expect(simulator).not.toContainText('Prix estimé');

    await page.getByRole('combobox', { name: 'Adresse de départ' }).fill('Qwxzyville introuvable');
    await simulator.getByRole('button', { name: 'Calculer le prix' }).click();
    await expect(simulator.getByRole('alert')).toHaveText('Erreur lors du calcul. Vérifiez les adresses.');
  });

  test("a logged-in customer's simulation is saved as a quote", async ({ page, customer: _loggedIn }) => {
    await page.goto('/');
    const simulator = await simulate(page, 'Nantes', 'Rennes', 'Utilitaire 6–12m³');
    await expect(simulator.getByRole('status')).toContainText(/Devis n° \d+ enregistré dans « Mes devis »\./);
  });

  test('a customer who has used the simulations of the minute is told to wait, not to check the addresses', async ({
    page,
    baseURL,
    customer: _loggedIn,
  }) => {
    // The limit counts every request of the account (the server's default, 60 a minute): use
    // them up with refused ones, which save nothing.
    const payload = { adresseDepart: 'Nantes', adresseArrivee: 'Rennes', typeVehicule: 'Fusée' };
    let status = 200;
    for (let i = 0; i < 70 && status !== 429; i++) {
      status = (await page.request.post('/api/devis/simulation', { data: payload, headers: { origin: baseURL! } })).status();
    }
    expect(status).toBe(429);
    await page.goto('/');
    const simulator = await simulate(page, 'Nantes', 'Rennes', 'Citadine');
    await expect(simulator.getByText(/^Trop de demandes\. Veuillez patienter \d+ secondes avant de réessayer\.$/)).toBeVisible();
    await expect(simulator.getByText('Erreur lors du calcul. Vérifiez les adresses.')).toHaveCount(0);
  });
});

test(
  'a visitor’s price is saved in « Mes devis » once he has created his account, opened the e-mail’s link and logged in',
  { tag: '@phone-only' },
  async ({ page, adminApi }) => {
    await page.goto('/#simuler');
    const simulator = await simulate(page, 'Nantes', 'Bordeaux', 'Citadine');
    await expect(simulator.getByRole('status')).toContainText('Pour enregistrer ce devis, créez un compte ou connectez-vous.');
    await simulator.getByRole('link', { name: 'créez un compte' }).click();

    const email = `visiteur-${Date.now()}@exemple.fr`;
    const password = 'un-mot-de-passe-solide';
    const signUp = page.getByRole('form', { name: 'Créer un compte' });
    await signUp.getByLabel(texts.fieldNom).fill('Léa Martin');
    await signUp.getByLabel(texts.fieldTelephone).fill('06 11 22 33 44');
    await signUp.getByLabel(texts.fieldEmail).fill(email);
    await signUp.getByLabel(texts.fieldAdresse).fill('3 rue Crébillon, 44000 Nantes');
    await signUp.getByLabel(texts.fieldMotDePasse, { exact: true }).fill(password);
    await signUp.getByLabel(texts.fieldConfirmation).fill(password);
    await signUp.getByRole('button', { name: texts.signupSubmit }).click();
    await expect(signUp.getByRole('status')).toHaveText(texts.signupSuccess);

    // The e-mail's link, opened in another tab as a mail app would, then the login there.
    await expect.poll(() => linksSentTo(email, { now: true }), { timeout: 20_000 }).toHaveLength(1);
    const [link] = await linksSentTo(email);
    const tab = await page.context().newPage();
    await tab.goto(link!);
    const login = tab.getByRole('form', { name: 'Connexion' });
    await login.getByLabel(texts.fieldEmail).fill(email);
    await login.getByLabel(texts.fieldMotDePasse).fill(password);
    await login.getByRole('button', { name: texts.loginSubmit }).click();
    await expect(tab).toHaveURL(/\/espace-client$/);

    const quotes = tab.getByRole('article');
    await expect(quotes).toHaveCount(1);
    await expect(quotes.first()).toContainText('Nantes');
    await expect(quotes.first()).toContainText('Bordeaux');
    await expect(tab.getByRole('form', { name: 'Simulateur de prix' }).getByRole('status')).toContainText(
      /Devis n° \d+ enregistré dans « Mes devis »/,
    );
    const id = (await quotes.first().getByRole('link', { name: 'Voir' }).getAttribute('href'))!.split('/').pop()!;

    // Once only: back to the customer area, nothing more is saved.
    await tab.reload();
    await expect(quotes).toHaveCount(1);
    await adminApi.delete(`/api/admin/devis/${id}`);
  },
);
