import { randomInt, randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatCentimes } from '#domain/format.ts';
import { adminNavSections } from '#domain/paths.ts';
import { aFaireSchema, type AFaireItem } from '#domain/schemas/a-faire.ts';
import { daysFromToday } from '#domain/schemas/devis-completion.fixture.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { adminHomeTexts as t, adminNavLabels } from '#domain/texts/admin-home.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Db } from '#server/db/index.ts';
import { E2E_ADMIN, E2E_DATA_DIR, expect, test } from './fixtures.ts';

/** The title of each kind of « À faire », as the band shows it, and where it leads. */
function titleOf(item: AFaireItem): { name: string; href: RegExp } | null {
  switch (item.type) {
    case 'devis-a-confirmer':
      return { name: t.quotesToConfirm(item.nombre), href: /\/admin\?statut=en/ };
    case 'annulations-demandees':
      return { name: t.cancellationsRequested(item.nombre), href: /\/admin\/devis\/[^/]+\/edit$/ };
    case 'signes-sans-date':
      return { name: t.signedWithoutDate(item.nombre), href: /\/admin\/missions$/ };
    case 'rendez-vous':
      return { name: t.upcoming(item.nombre), href: /\/admin\/missions$/ };
    case 'emails-en-echec':
      return { name: t.failedEmails(item.nombre), href: /\/admin\/(devis\/[^/]+\/edit|journal)$/ };
    case 'sms-en-echec':
      return { name: t.failedSms(item.nombre), href: /\/admin\/(devis\/[^/]+\/edit|journal)$/ };
    case 'factures-en-retard':
      return { name: t.overdueInvoices(item.nombre, formatCentimes(item.totalDuCentimes)), href: /\/admin\/factures\?etat=en/ };
    case 'remboursements-a-faire':
      return { name: t.refundsToMake(item.nombre, formatCentimes(item.totalCentimes)), href: /\/admin\/banque$/ };
    case 'banque-a-rapprocher':
      return { name: t.bankCredits(item.nombre), href: /\/admin\/banque$/ };
    case 'plateforme-a-corriger':
      return { name: t.platformToCorrect(item.nombre), href: /\/admin\/factures$/ };
    case 'achats-a-traiter':
      return { name: t.purchasesToDecide(item.nombre), href: /\/admin\/achats$/ };
    case 'configuration':
      return null;
  }
}

/** The e2e server's database, for what a test cannot make happen through the app (time passing, a transport failing). */
async function withE2eDatabase(work: (db: Db) => Promise<unknown>) {
  const config = loadConfig({ DATA_DIR: E2E_DATA_DIR, ADMIN_EMAIL: E2E_ADMIN.email, LOG_LEVEL: 'silent' });
  const database = openDatabase(config.database);
  try {
    await work(database.db);
  } finally {
    await database.close();
  }
}

/** An e-mail the outbox gave up on: no transport of this machine fails, so it is written as the worker leaves one. */
function insertFailedMail(devisId: string, subject: string) {
  const now = new Date().toISOString();
  return withE2eDatabase((db) =>
    db
      .insertInto('outbox')
      .values({
        id: randomUUID(),
        kind: 'quote-for-signature',
        recipient: 'adresse-inconnue@exemple.fr',
        subject,
        textBody: '',
        htmlBody: '',
        attachments: '[]',
        devisId,
        status: 'failed',
        attempts: 5,
        nextAttemptAt: now,
        lastError: '550 mailbox unavailable',
        createdAt: now,
      })
      .execute(),
  );
}

/**
 * A draft invoice made as if it had been issued 40 days ago, its due day passed: time does not pass
 * in a test, and an issued invoice cannot be changed (a trigger refuses it), so the draft is
 * written issued with dates in the past. Its number is one the day's sequence does not reach.
 */
function issueInThePast(factureId: string) {
  const day = daysFromToday(-40);
  return withE2eDatabase((db) =>
    db
      .updateTable('factures')
      .set({
        statut: 'émise',
        numero: `F-${day.slice(0, 4)}-9${randomInt(1000).toString().padStart(3, '0')}`,
        datePrestation: day,
        dateEmission: day,
        dateEcheance: daysFromToday(-10),
        emiseLe: `${day}T10:00:00.000Z`,
      })
      .where('id', '=', factureId)
      .execute(),
  );
}

/** The administrator confirms the quote at `prixFinal`, then « Confirmer devis signé » once its e-mail has left (envoyé → en cours). */
async function confirmUntilSigned(adminApi: APIRequestContext, devisId: string, prixFinal: string) {
  const confirmed = await adminApi.post(`/api/admin/devis/${devisId}/confirmer`, {
    data: { prixFinal, clauses: { km: true, longDistance: false } },
  });
  expect(confirmed.status()).toBe(200);
  await expect.poll(async () => (await adminApi.post(`/api/admin/devis/${devisId}/confirmer-signe`)).status()).toBe(200);
}

const band = (page: Page) => page.getByRole('region', { name: t.title });
const nav = (page: Page) => page.getByRole('navigation', { name: t.navLabel });

test(
  'the operator sees on his phone what waits for him, goes where each thing is done, and the back office follows without a reload',
  { tag: '@phone' },
  async ({ page, customers, adminApi, logInAsAdmin }) => {
    test.setTimeout(180_000);
    const customer = await customers.create({ name: 'Hélène Dupré' });
    // A quote waiting for confirmation, and a signed mission to pick up today.
    const waiting = await customer.createQuote({ adresseDepart: 'Lyon', adresseArrivee: 'Marseille', typeVehicule: 'Berline' });
    await customer.completeQuote(waiting);
    const mission = await customer.createQuote({ adresseDepart: 'Nantes', adresseArrivee: 'Rennes', typeVehicule: 'Citadine' });
    await customer.completeQuote(mission, { priseInfo: { datePriseEnCharge: daysFromToday(0), debut: '08:00', fin: '10:30' } });
    await confirmUntilSigned(adminApi, mission.id, '189,90');
    await insertFailedMail(mission.id, `Votre devis n° ${mission.numeroDevis}`);
    // A finished mission invoiced 40 days ago, its invoice unpaid past its due day.
    const finished = await customer.createQuote({ adresseDepart: 'Tours', adresseArrivee: 'Orléans', typeVehicule: 'Berline' });
    await customer.completeQuote(finished);
    await confirmUntilSigned(adminApi, finished.id, '240');
    expect((await adminApi.post(`/api/admin/devis/${finished.id}/terminer`)).status()).toBe(200);
    const draft = await adminApi.post(`/api/admin/devis/${finished.id}/facture`);
    expect(draft.status(), await draft.text()).toBe(201);
    const invoiceId = ((await draft.json()) as { id: string }).id;
    await issueInThePast(invoiceId);

    await logInAsAdmin(page);
    await page.goto('/admin');
    // The seed's /admin is still there, under « À faire ».
    await expect(page.getByRole('heading', { level: 1, name: adminTexts.adminTitle })).toBeVisible();
    await expect(page.getByLabel(adminTexts.searchLabel)).toBeVisible();
    await expect(band(page)).toBeVisible();

    // Each item says what the server counts, and leads to where it is done.
    const answer = aFaireSchema.parse(await (await adminApi.get('/api/admin/a-faire')).json());
    const kinds = answer.elements.map((item) => item.type);
    expect(kinds).toEqual(
      expect.arrayContaining(['devis-a-confirmer', 'rendez-vous', 'emails-en-echec', 'factures-en-retard', 'configuration']),
    );
    for (const item of answer.elements) {
      const title = titleOf(item);
      if (!title) continue;
      const link = band(page).getByRole('link', { name: title.name, exact: true });
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(title.href);
      await page.goBack();
      await expect(band(page)).toBeVisible();
    }
    // Today's pickup: its slot and town, a call, the way there, its inspection.
    const pickup = band(page)
      .getByRole('listitem')
      .filter({ hasText: `Devis n° ${mission.numeroDevis}` })
      .filter({ hasText: t.pickup })
      .last();
    await expect(pickup).toContainText(`${t.today} · 08:00–10:30`);
    await expect(pickup.getByRole('link', { name: /^Appeler / })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(pickup.getByRole('link', { name: t.navigate })).toHaveAttribute('href', /google\.com\/maps\/dir/);
    await expect(pickup.getByRole('link', { name: `${t.pickup} · ${'Nantes'}` })).toHaveAttribute(
      'href',
      `/admin/devis/${mission.id}/prise-en-charge`,
    );
    // The failed e-mail leads to its quote, whose page sends it again.
    await band(page)
      .getByRole('link', { name: `Votre devis n° ${mission.numeroDevis}` })
      .click();
    await expect(page).toHaveURL(`/admin/devis/${mission.id}/edit`);
    await page.goBack();
    await page.screenshot({ path: `test-results/admin-home-${test.info().project.name}.png`, fullPage: true });

    // No serious or critical accessibility fault in the back office's home, « Plus » open.
    await nav(page).getByRole('button', { name: t.moreLabel }).click();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
    await page.keyboard.press('Escape');

    // Every section in at most two taps, from any page of the back office; the current one is marked.
    for (const section of adminNavSections) {
      const more = nav(page).getByRole('button', { name: t.moreLabel });
      if (section.nav === 'more') await more.click();
      await nav(page).getByRole('link', { name: adminNavLabels[section.name], exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
      // Each section's page opens at this size: the only journey through all of them at the desk's (decision 0085).
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const link = nav(page).getByRole('link', { name: adminNavLabels[section.name], exact: true });
      if (section.nav === 'more') {
        // The address changes before the next page's code has arrived; a page outside the back
        // office's frame (the second factor's) brings its own bar: « Plus » is opened on the bar shown.
        await expect(async () => {
          if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
          await expect(link).toHaveAttribute('aria-current', 'page', { timeout: 1_000 });
        }).toPass();
      } else {
        await expect(link).toHaveAttribute('aria-current', 'page');
      }
      if (section.nav === 'more') await page.keyboard.press('Escape');
    }
    // The keyboard reaches the bar: its links and « Plus » have their names.
    await page.goto('/admin');
    const daily = adminNavSections.filter((section) => section.nav === 'daily').map((section) => adminNavLabels[section.name]);
    await expect(nav(page).getByRole('link')).toHaveText(daily);

    // Confirming the waiting quote takes it off « À faire »; its row says « Confirmé », then « Envoyé » once the e-mail has left.
    const toConfirm = band(page).getByRole('link', { name: new RegExp(`^Devis n° ${waiting.numeroDevis}\\b`) });
    const before = answer.elements.find((item) => item.type === 'devis-a-confirmer')!;
    if (before.devis.some((devis) => devis.id === waiting.id)) await expect(toConfirm).toBeVisible();
    await page.goto(`/admin/devis/${waiting.id}/edit`);
    await page.getByLabel(adminTexts.prixFinalLabel).fill('412');
    await page.getByRole('button', { name: adminTexts.confirmQuote }).click();
    await expect(page.getByText(adminTexts.confirmSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(toConfirm).toHaveCount(0);
    const remaining = before.nombre - 1;
    if (remaining > 0) await expect(band(page).getByRole('link', { name: t.quotesToConfirm(remaining), exact: true })).toBeVisible();
    else await expect(band(page).getByRole('link', { name: /en attente de confirmation$/ })).toHaveCount(0);

    await page.getByLabel(adminTexts.searchLabel).fill(customer.email);
    const group = page.getByRole('button', { name: new RegExp(customer.email.replace(/[.]/g, '\\.')) });
    await group.click();
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Devis n° ${waiting.numeroDevis}`, exact: true }) });
    await expect(row.getByText('Envoyé', { exact: true })).toBeVisible({ timeout: 20_000 });
  },
);
