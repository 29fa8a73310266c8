import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { formatDay, formatEuros, parisToday } from '#domain/format.ts';
import { daysFromToday } from '#domain/schemas/devis-completion.fixture.ts';
import { texts } from '#domain/texts/common.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { expect, holdResponses, test } from './fixtures.ts';

mkdirSync('test-results/screens', { recursive: true });
const shoot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: `test-results/screens/${project}-${name}.png`, fullPage: true });

/** "1 234 €" as the pages write a price (the space may be a non-breaking one). */
const price = (euros: number) => new RegExp(`${formatEuros(euros).replace(/\s/g, '\\s')}\\s€`);

test.describe('the customer area', () => {
  test.use({ customerName: 'Hélène Lefèvre' });

  test(
    'a customer searches, completes, archives, restores and deletes quotes',
    { tag: '@phone-only' },
    async ({ page, customer }, testInfo) => {
      const size = { name: testInfo.project.name };
      test.setTimeout(240_000);
      const errors: string[] = [];
      page.on('console', (message) => {
        // 4xx answers and the network cut the journey provokes on purpose are logged by Chromium as resource errors.
        const provoked = message.text().includes('status of 4') || message.text().includes('ERR_INTERNET_DISCONNECTED');
        if (message.type() === 'error' && !provoked) errors.push(message.text());
      });
      page.on('dialog', () => errors.push('a native dialog opened'));

      const toComplete = await customer.createQuote({
        adresseDepart: 'Évry-Courcouronnes (91000)',
        adresseArrivee: 'Lyon (69005)',
        typeVehicule: 'Berline',
      });
      const toArchive = await customer.createQuote({
        adresseDepart: 'Nice (06000)',
        adresseArrivee: 'Bordeaux (33000)',
        typeVehicule: 'SUV/Sport',
      });
      const toDelete = await customer.createQuote({
        adresseDepart: 'Toulouse (31000)',
        adresseArrivee: 'Aix-en-Provence (13100)',
        typeVehicule: 'Citadine',
      });
      const today = formatDay(parisToday());
      const card = (quote: { numeroDevis: number }) => page.getByRole('article', { name: `Devis n° ${quote.numeroDevis}`, exact: true });

      // The list, with its loading text first.
      const releaseList = await holdResponses(page, /\/api\/devis(\?.*)?$/);
      await page.goto('/espace-client');
      await expect(page.getByText(texts.loadingQuotes)).toBeVisible();
      await releaseList();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue, Hélène Lefèvre');
      await expect(page).toHaveTitle(/Mon espace client/);
      await expect(page.getByRole('heading', { name: t.myQuotes })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(3);
      const listed = card(toComplete);
      await expect(listed).toContainText('Évry-Courcouronnes (91000) → Lyon (69005)');
      await expect(listed).toContainText('Berline');
      await expect(listed).toContainText(price(toComplete.prix));
      await expect(listed).toContainText('En attente');
      await expect(listed).toContainText(today);
      await expect(listed.getByRole('link', { name: 'Compléter' })).toHaveAttribute('href', `/devis/${toComplete.id}/completer`);
      await expect(listed.getByRole('link', { name: 'Voir' })).toHaveAttribute('href', `/devis/${toComplete.id}`);
      await expect(listed.getByRole('link', { name: t.downloadSigned })).toHaveCount(0);
      // Newest first.
      await expect(page.getByRole('article').first()).toHaveAccessibleName(`Devis n° ${toDelete.numeroDevis}`);
      await expect(page.getByRole('heading', { name: t.simulateTitle })).toBeVisible();
      await expect(page.getByRole('link', { name: /@/ }).last()).toHaveAttribute('href', /^mailto:/);
      await expect(page.locator('a[href^="tel:"]').last()).toBeVisible();
      await shoot(page, size.name, '1-espace-client');

      // Search by route without accents or case, by date, by number; nothing found.
      const search = page.getByRole('searchbox', { name: t.searchLabel });
      await search.fill('EVRY');
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(card(toComplete)).toBeVisible();
      await search.fill('bordeaux');
      await expect(card(toArchive)).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(1);
      await search.fill(today);
      await expect(page.getByRole('article')).toHaveCount(3);
      await search.fill(String(toDelete.numeroDevis));
      await expect(card(toDelete)).toBeVisible();
      await search.fill('Strasbourg');
      await expect(page.getByText(texts.noActiveQuotes)).toBeVisible();
      await search.fill('');
      await expect(page.getByRole('article')).toHaveCount(3);

      // Simulate from the customer area: the quote is saved and listed at once, newest first.
      const simulator = page.getByRole('form', { name: 'Simulateur de prix' });
      for (const [label, typed, suggestion] of [
        ['Adresse de départ', 'Nantes', 'Nantes (44000)'],
        ['Adresse d’arrivée', 'Rennes', 'Rennes (35000)'],
      ] as const) {
        await page.getByRole('combobox', { name: label }).fill(typed);
        await page.getByRole('option', { name: suggestion }).first().click();
        await expect(page.getByRole('listbox', { name: label })).toBeHidden();
      }
      await simulator.getByLabel('Type de véhicule').selectOption('Citadine');
      await simulator.getByRole('button', { name: 'Calculer le prix' }).click();
      await expect(simulator.getByRole('status')).toContainText(/Devis n° \d+ enregistré/);
      await expect(page.getByRole('article')).toHaveCount(4);
      const newest = page.getByRole('article').first();
      const simulated = {
        id: (await newest.getByRole('link', { name: 'Voir' }).getAttribute('href'))!.split('/').pop()!,
        numeroDevis: Number(/\d+/.exec((await newest.getAttribute('aria-label'))!)![0]),
      };
      expect(simulated.numeroDevis).toBe(toDelete.numeroDevis + 1);
      await expect(newest).toContainText('Nantes');
      await expect(newest).toContainText('Citadine');
      const first = card(simulated);

      // The detail before completion: nothing specified yet.
      const releaseDetail = await holdResponses(page, `**/api/devis/${simulated.id}`);
      await first.getByRole('link', { name: 'Voir' }).click();
      await expect(page.getByText(texts.loading)).toBeVisible();
      await releaseDetail();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Devis n° ${simulated.numeroDevis}`);
      await expect(page.getByText(texts.notSpecified)).toHaveCount(4);
      await expect(page.getByText(/\d\skm/)).toBeVisible();
      await expect(page.getByText('Aucun', { exact: true })).toBeVisible();
      await page.getByRole('link', { name: 'Compléter' }).click();

      // The completion form: every field, a wrong SIRET first.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.completeTitle);
      await expect(page).toHaveTitle(/Compléter le devis/);
      await expect(page.getByText('Rennes', { exact: false }).first()).toBeVisible();
      const client = page.getByRole('group', { name: t.clientInfo });
      await expect(client.getByLabel(t.siret)).toHaveCount(0);
      await client.getByLabel(t.clientType).selectOption('entreprise');
      await client.getByLabel(t.siret).fill('732 829 320 00075');
      await expect(client.getByLabel('Nom', { exact: true })).toHaveValue('Hélène Lefèvre');
      await expect(client.getByLabel(t.email)).toHaveValue(customer.email);
      await client.getByLabel(t.telephone).fill('06 12 34 56 78');
      const departure = page.getByRole('group', { name: t.contactDepart });
      await departure.getByLabel(t.nom).fill('Garage du Centre');
      await departure.getByLabel(t.email).fill('atelier@garage-centre.fr');
      await departure.getByLabel(t.telephone).fill('01 60 00 00 00');
      const arrival = page.getByRole('group', { name: t.contactArrivee });
      await arrival.getByLabel(t.nom).fill('Concession Lyon Sud');
      await arrival.getByLabel(t.email).fill('livraison@lyon-sud.fr');
      await arrival.getByLabel(t.telephone).fill('04 78 00 00 00');
      const pickupDay = daysFromToday(10);
      const deliveryDay = daysFromToday(11);
      const dates = page.getByRole('group', { name: t.datesTitle });
      await dates.getByLabel(t.pickupDate).fill(pickupDay);
      await dates.getByLabel(t.startTime).first().selectOption('10:00');
      await dates.getByLabel(t.endTime).first().selectOption('09:30');
      await dates.getByLabel(t.deliveryDate).fill(deliveryDay);
      await dates.getByLabel(t.startTime).last().selectOption('14:00');
      await dates.getByLabel(t.endTime).last().selectOption('18:30');
      const vehicle = page.getByRole('group', { name: t.vehicleInfo });
      await vehicle.getByLabel(t.immatriculation).fill('ab 123 cd');
      await vehicle.getByLabel(t.marque).fill('Peugeot');
      await vehicle.getByLabel(t.modele).fill('508 SW');
      await vehicle.getByLabel(t.chassis).fill('vf3abcdefgh123456');
      await vehicle.getByLabel(t.motorisation).selectOption('hybride');
      const options = page.getByRole('group', { name: t.options });
      await options.getByLabel(t.documentation).check();
      await options.getByLabel(t.lavageLabel).selectOption('complet');
      await options.getByLabel(t.sansCarburant).check();
      await options.getByLabel(t.wGarage).check();
      await page.getByRole('group', { name: t.typeConvoyage }).getByLabel('Transfert').check();
      await page.getByLabel(t.commentaire).fill('Véhicule à récupérer à l’atelier, clés à l’accueil.');
      await page.getByRole('button', { name: t.completeSubmit }).click();
      await expect(client.getByText('SIRET invalide : 14 chiffres avec une clé de contrôle correcte.')).toBeVisible();
      await expect(dates.getByText('L’heure de fin doit être après l’heure de début.')).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: t.formInvalid })).toBeVisible();
      await shoot(page, size.name, '2-completer-erreurs');
      await client.getByLabel(t.siret).fill('732 829 320 00074');
      await dates.getByLabel(t.endTime).first().selectOption('12:00');
      await page.getByRole('button', { name: t.completeSubmit }).click();

      // Back on the list: the quote waits for the administrator's confirmation.
      await expect(page.getByText(t.completeSuccess)).toBeVisible();
      await expect(page).toHaveURL(/\/espace-client$/);
      await expect(card(simulated)).toContainText('En attente de confirmation');
      await expect(card(simulated).getByRole('link', { name: 'Compléter' })).toHaveCount(0);
      await expect(card(simulated).getByRole('button')).toHaveCount(0);

      // The detail shows every field that was entered.
      await card(simulated).getByRole('link', { name: 'Voir' }).click();
      const detail = page.locator('main');
      for (const expected of [
        `${formatDay(pickupDay)} 10:00`,
        `${formatDay(pickupDay)} 12:00`,
        `${formatDay(deliveryDay)} 14:00`,
        `${formatDay(deliveryDay)} 18:30`,
        'Transfert',
        'Complet',
        'Garage du Centre',
        '01 60 00 00 00',
        'Concession Lyon Sud',
        'AB-123-CD',
        'Peugeot',
        '508 SW',
        'VF3ABCDEFGH123456',
        'Hybride',
        'Véhicule à récupérer à l’atelier, clés à l’accueil.',
        'Statut : En attente de confirmation',
      ]) {
        await expect(detail.getByText(expected, { exact: false }).first()).toBeVisible();
      }
      await expect(detail.getByText(texts.notSpecified)).toHaveCount(0);
      await shoot(page, size.name, '3-detail');
      // Completing again is explained, not offered.
      await page.goto(`/devis/${simulated.id}/completer`);
      await expect(page.getByText(t.notCompletable)).toBeVisible();
      await expect(page.getByRole('button', { name: t.completeSubmit })).toHaveCount(0);

      // Archive one: it leaves the list and appears in the archives. In a tunnel first: the page says it failed at once (no endless wait), and the quote stays.
      await page.goto('/espace-client');
      // The whole page first (its lazy parts included): the network goes once it is read.
      await expect(card(toArchive)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.context().setOffline(true);
      await card(toArchive).getByRole('button', { name: 'Archiver' }).click();
      await expect(page.getByText(`${t.archiveFailure} ${texts.networkError}`)).toBeVisible();
      await expect(card(toArchive)).toHaveCount(1);
      await page.context().setOffline(false);
      await card(toArchive).getByRole('button', { name: 'Archiver' }).click();
      await expect(card(toArchive)).toHaveCount(0);
      await expect(page.getByText(t.archived)).toBeVisible();
      const releaseArchives = await holdResponses(page, '**/api/devis/archives');
      await page.getByRole('link', { name: t.archivesLink }).click();
      await expect(page.getByText(texts.loadingUser)).toBeVisible();
      await releaseArchives();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.archivesTitle);
      await expect(card(toArchive)).toContainText('Archivé');
      await expect(card(toArchive)).toContainText(today);
      await expect(card(toArchive).getByRole('link', { name: 'Voir' })).toHaveAttribute('href', `/devis/${toArchive.id}`);
      await shoot(page, size.name, '4-archives');
      await card(toArchive).getByRole('button', { name: 'Restaurer' }).click();
      await expect(page.getByText(texts.noArchivedQuotes)).toBeVisible();
      await page.getByRole('link', { name: t.backToArea }).click();
      await expect(card(toArchive)).toContainText('En attente');

      // Delete one from the list: cancel first, then confirm in the dialog.
      await card(toDelete).getByRole('button', { name: 'Supprimer' }).click();
      const dialog = page.getByRole('dialog', { name: t.confirmDelete });
      await expect(dialog).toBeVisible();
      await shoot(page, size.name, '5-confirmation');
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(card(toDelete)).toBeVisible();
      await card(toDelete).getByRole('button', { name: 'Supprimer' }).click();
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await expect(card(toDelete)).toHaveCount(0);
      await expect(page.getByRole('article')).toHaveCount(3);

      // Delete an archived one, which asks its own question.
      await card(toArchive).getByRole('button', { name: 'Archiver' }).click();
      await expect(card(toArchive)).toHaveCount(0);
      await page.getByRole('link', { name: t.archivesLink }).click();
      await card(toArchive).getByRole('button', { name: 'Supprimer' }).click();
      const archivedDialog = page.getByRole('dialog', { name: t.confirmDeleteArchived });
      await archivedDialog.getByRole('button', { name: 'Supprimer' }).click();
      await expect(page.getByText(texts.noArchivedQuotes)).toBeVisible();

      expect(errors).toEqual([]);
    },
  );
});

test("another customer's quote reads as not found, and a deletion failure is told", async ({ page, customers }) => {
  const owner = await customers.create({ name: 'Marc Owner', page });
  const quote = await owner.createQuote({ adresseDepart: 'Strasbourg (67000)', adresseArrivee: 'Lille (59000)' });
  // The server refuses the deletion: the page says so.
  await page.route(`**/api/devis/${quote.id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Erreur' } })
      : route.continue(),
  );
  await page.goto('/espace-client');
  const card = page.getByRole('article', { name: `Devis n° ${quote.numeroDevis}`, exact: true });
  await card.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('dialog', { name: t.confirmDelete }).getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(t.deleteFailure)).toBeVisible();
  await expect(card).toBeVisible();

  await page.context().clearCookies();
  await customers.create({ name: 'Nina Other', page });
  await page.goto(`/devis/${quote.id}`);
  await expect(page.getByRole('alert')).toHaveText(texts.quoteNotFound);
  await expect(page).toHaveTitle(/Devis introuvable/);
  await page.goto(`/devis/${quote.id}/completer`);
  await expect(page.getByRole('alert')).toHaveText(texts.quoteNotFound);
  await page.goto('/espace-client');
  await expect(page.getByText(texts.noActiveQuotes)).toBeVisible();
  await page.goto('/devis/archives');
  await expect(page.getByText(texts.noArchivedQuotes)).toBeVisible();
});

test.describe('the completion draft', () => {
  test.use({ customerName: 'Lucie Brouillon' });

  test('what a customer typed in the completion form survives a reload and an ended session, not a logout', async ({ page, customer }) => {
    const quote = await customer.createQuote({
      adresseDepart: 'Toulouse (31000)',
      adresseArrivee: 'Bordeaux (33000)',
      typeVehicule: 'Berline',
    });
    await page.goto(`/devis/${quote.id}/completer`);
    const depart = page.getByRole('group', { name: t.contactDepart });
    const vehicle = page.getByRole('group', { name: t.vehicleInfo });
    await expect(page.getByText(t.draftRestored)).toHaveCount(0);
    await depart.getByLabel(t.nom).fill('Garage du Capitole');
    await vehicle.getByLabel(t.marque).fill('Peugeot');

    // The phone reloads the page: the form comes back as it was, and says so.
    await page.reload();
    await expect(page.getByText(t.draftRestored)).toBeVisible();
    await expect(depart.getByLabel(t.nom)).toHaveValue('Garage du Capitole');
    await expect(vehicle.getByLabel(t.marque)).toHaveValue('Peugeot');

    // The session ends (expired, say) while the page is open: the next request is refused, the
    // page sends the customer to /connexion, and logging in again brings them back here.
    const logInAgain = async () => {
      await expect(page).toHaveURL(/\/connexion$/);
      await page.getByLabel('E-mail').fill(customer.email);
      await page.getByLabel('Mot de passe', { exact: true }).fill(customer.password);
      await page.getByRole('button', { name: 'Se connecter' }).click();
    };
    await page.context().clearCookies();
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Mon espace' }).click();
    await logInAgain();
    await expect(page).toHaveURL(/\/espace-client$/);
    await expect(page.getByRole('article', { name: `Devis n° ${quote.numeroDevis}`, exact: true })).toBeVisible();

    // Or it has ended before the customer comes back to the form: the draft is still there.
    await page.context().clearCookies();
    await page.goto(`/devis/${quote.id}/completer`);
    await logInAgain();
    await expect(page).toHaveURL(new RegExp(`/devis/${quote.id}/completer$`));
    await expect(page.getByText(t.draftRestored)).toBeVisible();
    await expect(vehicle.getByLabel(t.marque)).toHaveValue('Peugeot');

    // Logging out forgets it.
    await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
    await expect(page).toHaveURL(/\/connexion$/);
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  });
});
