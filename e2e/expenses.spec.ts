import type { Depense } from '#domain/schemas/expenses.ts';
import type { Facture } from '#domain/schemas/invoices.ts';
import { CATEGORIE_LABELS, expenseTexts as t } from '#domain/texts/expenses.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { offlineTexts } from '#domain/texts/offline.ts';
import { inspectionBody } from '#server/missions/test-factories.ts';
import { cameraJpeg } from '#server/missions/test-photos.ts';
import { expect, makeSignedPdf, signedMission, test } from './fixtures.ts';

/**
 * Issue 30's proof: on a phone with no network, the driver records his train ticket (photographed)
 * and a toll receipt (a PDF) on a mission in progress; a reload loses neither; he corrects one and
 * removes a third, still offline; back online, each is sent once with its receipt, as corrected. Offline
 * again, he corrects the toll the server has: the change waits on the phone and goes when the
 * signal returns. The final invoice draft then proposes the toll at cost and, with
 * the odometers 10 000 → 10 497 on a 465 km quote carrying the 5 % clause, 23 extra kilometres.
 */
test(
  'expenses recorded offline on a mission reach the server once, and the final invoice draft proposes the toll and 23 extra km',
  { tag: '@phone-only' },
  async ({ page, context, customer, adminApi, logInAsAdmin }) => {
    test.setTimeout(180_000);
    const quote = await signedMission(
      customer,
      adminApi,
      { adresseDepart: 'Bayonne', adresseArrivee: 'Limoges', typeVehicule: 'Berline' },
      { prixFinal: '450,50', acomptePourcent: 0, clauses: { km: true, longDistance: false, refacturation: ['peage'] } },
    );
    expect(quote.distanceKm).toBe(465);

    // The mission's page, opened once with signal from the planning, is kept for use without it.
    await logInAsAdmin(page);
    await page.goto('/admin/missions');
    await page
      .getByRole('listitem')
      .filter({ hasText: `Devis n° ${quote.numeroDevis}` })
      .getByRole('link', { name: m.missionPageLink })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: m.missionPageTitle(quote.numeroDevis) })).toBeVisible();
    await expect(page.getByTestId('offline-readiness')).toHaveText(offlineTexts.ready, { timeout: 20_000 });

    // On the train back: no network at all.
    const created: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/admin/depenses')
        created.push(response.status());
    });
    await context.setOffline(true);
    await expect(page.getByText(offlineTexts.offlineNow)).toBeVisible();
    await page.getByRole('button', { name: t.add }).click();
    const form = page.getByRole('form', { name: t.addTitle });
    await form.getByLabel(t.category).selectOption('train');
    await form.getByLabel(t.amount).fill('47,90');
    await form.getByLabel(t.vat).fill('4,35');
    await form.getByLabel(t.note).fill('Limoges → Bayonne');
    await form.getByLabel(t.receipt).setInputFiles({
      name: 'IMG_2041.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraJpeg({ width: 2400, height: 1800, orientation: 6, seed: 2041 }),
    });
    await form.getByRole('button', { name: t.save }).click();
    await expect(form.getByText(t.savedOnPhone)).toBeVisible();
    await expect(page.getByTestId('pending')).toHaveText(t.waiting(1));

    await form.getByLabel(t.category).selectOption('peage');
    await form.getByLabel(t.amount).fill('35,00');
    await form
      .getByLabel(t.receipt)
      .setInputFiles({ name: 'ticket-peage.pdf', mimeType: 'application/pdf', buffer: await makeSignedPdf() });
    await form.getByRole('button', { name: t.save }).click();
    await expect(page.getByTestId('pending')).toHaveText(t.waiting(2));

    // A reload without network loses neither.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: m.missionPageTitle(quote.numeroDevis) })).toBeVisible();
    await expect(page.getByTestId('pending')).toHaveText(t.waiting(2));
    await expect(page.getByTestId('waiting-expense')).toHaveCount(2);
    expect(created).toEqual([]);

    // Still without network, the driver corrects the train's note, and records a coffee he then removes.
    await page.getByTestId('waiting-expense').filter({ hasText: CATEGORIE_LABELS.train }).getByRole('button', { name: t.edit }).click();
    const edit = page.getByRole('form', { name: t.editTitle });
    await edit.getByLabel(t.note).fill('Limoges → Bayonne, TER 865123');
    await edit.getByRole('button', { name: t.saveChanges }).click();
    await expect(page.getByTestId('waiting-expense').filter({ hasText: 'TER 865123' })).toHaveCount(1);
    await page.getByRole('button', { name: t.add }).click();
    const coffee = page.getByRole('form', { name: t.addTitle });
    await coffee.getByLabel(t.category).selectOption('repas');
    await coffee.getByLabel(t.amount).fill('4,20');
    await coffee.getByRole('button', { name: t.save }).click();
    await expect(page.getByTestId('pending')).toHaveText(t.waiting(3));
    const waitingCoffee = page.getByTestId('waiting-expense').filter({ hasText: CATEGORIE_LABELS.repas });
    await waitingCoffee.getByRole('button', { name: t.remove }).click();
    await waitingCoffee.getByRole('button', { name: t.confirmRemove }).click();
    await expect(page.getByTestId('pending')).toHaveText(t.waiting(2));
    await expect(page.getByTestId('waiting-expense')).toHaveCount(2);

    // The network returns: both go, once each, with their receipts.
    await context.setOffline(false);
    await expect(page.getByTestId('pending')).toHaveText(offlineTexts.allSent, { timeout: 30_000 });
    await expect(page.getByTestId('waiting-expense')).toHaveCount(0);
    expect(created).toEqual([201, 201]);
    const list = (await (await adminApi.get(`/api/admin/depenses?devisId=${quote.id}`)).json()) as { depenses: Depense[] };
    expect(list.depenses.map((depense) => [depense.categorie, depense.montantCentimes, depense.justificatif?.type])).toEqual(
      expect.arrayContaining([
        ['train', 4_790, 'image/jpeg'],
        ['peage', 3_500, 'application/pdf'],
      ]),
    );
    expect(list.depenses).toHaveLength(2);
    expect(list.depenses.find((depense) => depense.categorie === 'train')?.note).toBe('Limoges → Bayonne, TER 865123');
    // The mission's page shows them among its costs.
    await expect(page.getByTestId('mission-costs')).toContainText('82,90');

    // In a tunnel again, the driver corrects the toll the server has: the change waits on the phone, in place of the server's copy.
    await context.setOffline(true);
    await expect(page.getByText(offlineTexts.offlineNow)).toBeVisible();
    const storedToll = page
      .getByRole('region', { name: t.missionExpenses })
      .getByRole('listitem')
      .filter({ hasText: CATEGORIE_LABELS.peage })
      .filter({ has: page.getByRole('button', { name: t.edit }) });
    await storedToll.getByRole('button', { name: t.edit }).click();
    const change = page.getByRole('form', { name: t.editTitle });
    await change.getByLabel(t.amount).fill('37,50');
    await change.getByRole('button', { name: t.saveChanges }).click();
    await expect(change).toBeHidden();
    const waitingChange = page.getByTestId('waiting-expense');
    await expect(waitingChange).toHaveCount(1);
    await expect(waitingChange).toContainText(t.changeOfStored);
    await expect(waitingChange).toContainText('37,50');
    await expect(page.getByTestId('pending')).toHaveText(t.waiting(1));
    // Back in signal: the change goes as a change (nothing created), and the list shows the server's copy again.
    await context.setOffline(false);
    await expect(page.getByTestId('pending')).toHaveText(offlineTexts.allSent, { timeout: 30_000 });
    await expect(page.getByTestId('waiting-expense')).toHaveCount(0);
    await expect(storedToll).toContainText('37,50');
    expect(created).toEqual([201, 201]);

    // The two inspections' odometers: 10 000 → 10 497 km, for 465 km estimated.
    for (const [etape, kilometrage, hoursAgo] of [
      ['prise-en-charge', 10_000, 6.5],
      ['livraison', 10_497, 0],
    ] as const) {
      const dateHeure = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
      const inspection = await adminApi.post(`/api/admin/missions/${quote.id}/${etape}`, {
        data: inspectionBody({ kilometrage, dateHeure }),
      });
      expect(inspection.status(), await inspection.text()).toBe(200);
    }
    await page.reload();
    await expect(page.getByTestId('mission-costs')).toContainText('497\u00a0km parcourus pour 465\u00a0km estimés (+6,9\u00a0%)');

    // The vehicle delivered (the delivery's report ends the mission), its final invoice draft proposes the toll at cost and 23 extra km.
    const done = (await (await adminApi.get(`/api/admin/devis/${quote.id}`)).json()) as { statut: string };
    expect(done.statut).toBe('terminé');
    const draft = await adminApi.post(`/api/admin/devis/${quote.id}/facture`);
    expect(draft.status()).toBe(201);
    const lines = ((await draft.json()) as Facture).lignes;
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          description: expect.stringMatching(/^Frais de péage – refacturés au réel \(\d\d\/\d\d\/\d{4}\)$/),
          montantCentimes: 3_750,
        }),
        expect.objectContaining({ description: expect.stringMatching(/^Kilomètres supplémentaires \(clause des 5 %\)/), quantite: 23 }),
      ]),
    );
  },
);

/**
 * An expense stays in the books when its mission's quote is deleted; correcting its amount on the
 * phone keeps it on that mission (the form shows « Mission supprimée » chosen, the server keeps it).
 */
test(
  'an expense whose mission was deleted keeps that mission when it is corrected',
  { tag: '@phone-only' },
  async ({ page, customer, adminApi, logInAsAdmin }) => {
    const quote = await customer.createQuote({ adresseDepart: 'Bayonne', adresseArrivee: 'Limoges', typeVehicule: 'Berline' });
    const id = crypto.randomUUID();
    const body = {
      id,
      devisId: quote.id,
      categorie: 'carburant',
      montantCentimes: 35_000,
      tvaCentimes: 0,
      date: '2026-11-20',
      moyenPaiement: 'carte',
      note: `Plein à Mont-de-Marsan (${id.slice(0, 8)})`,
    };
    expect((await adminApi.post('/api/admin/depenses', { data: body })).status()).toBe(201);
    expect((await adminApi.delete(`/api/admin/devis/${quote.id}`)).status()).toBe(204);

    await logInAsAdmin(page);
    await page.goto('/admin/depenses?annee=2026');
    const line = page.getByRole('listitem').filter({ hasText: body.note });
    await expect(line).toContainText(t.missionDeleted);
    await line.getByRole('button', { name: t.edit }).click();
    const form = page.getByRole('form', { name: t.editTitle });
    await expect(form.getByLabel(t.mission)).toHaveValue(quote.id);
    await expect(form.getByLabel(t.mission).locator('option:checked')).toHaveText(t.missionDeleted);
    await form.getByLabel(t.amount).fill('35,00');
    await form.getByRole('button', { name: t.saveChanges }).click();
    await expect(page.getByText(t.changed)).toBeVisible();
    expect(await (await adminApi.get(`/api/admin/depenses/${id}`)).json()).toMatchObject({ devisId: quote.id, montantCentimes: 3_500 });
  },
);
