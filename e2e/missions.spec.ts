import type { CDPSession, Page } from '@playwright/test';
import { daysFromToday } from '#domain/schemas/devis-completion.fixture.ts';
import type { Etape, MissionView } from '#domain/schemas/missions.ts';
import { STANDARD_PHOTOS } from '#domain/schemas/missions.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { offlineTexts } from '#domain/texts/offline.ts';
import { cameraJpeg } from '#server/missions/test-photos.ts';
import { INK } from '#server/pdf/drawing.ts';
import { readPdf, strokesInColour } from '#server/test/pdf-text.ts';
import { addressOf } from '#server/test/outbox.ts';
import { apiHeaders, expect, readOutbox, test, type E2eQuote } from './fixtures.ts';

/**
 * Issue 15 on the operator's phone: the planning, then the pickup inspection filled with the
 * network cut (12 camera photos given to the file inputs, a damage on the outline, both
 * signatures), the page reloaded offline with everything still there, sent when the network
 * returns; then the delivery inspection, offline and reloaded too, which ends the mission: terminé, the
 * finalisation e-mail with both reports, both reports and the photos on the customer's page.
 */

const flat = (text: string) => text.replace(/\s+/g, ' ');
/** Counts the images a PDF draws (pdfkit writes each embedded JPEG as an XObject of subtype Image). */
const imageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;

/**
 * Draws a signature with a finger (touch events, as a phone sends them, through `touch`: a
 * DevTools session opened before the network is cut, since opening one puts the page back
 * online) or, without it, the mouse.
 */
async function drawSignature(page: Page, label: string, { touch }: { touch: CDPSession | null }) {
  const pad = page.locator('canvas').and(page.getByLabel(label));
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const points = [
    [0.1, 0.7],
    [0.25, 0.25],
    [0.4, 0.75],
    [0.55, 0.3],
    [0.8, 0.6],
  ].map(([x, y]) => ({ x: box.x + x! * box.width, y: box.y + y! * box.height }));
  if (touch) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]!] });
    for (const point of points.slice(1)) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } else {
    await page.mouse.move(points[0]!.x, points[0]!.y);
    await page.mouse.down();
    for (const point of points.slice(1)) await page.mouse.move(point.x, point.y, { steps: 4 });
    await page.mouse.up();
  }
}

/** Twelve camera photos (the ten standard views, two extras), some held upright (EXIF orientation 6). */
async function cameraPhotos(seedBase: number) {
  const photos = [];
  for (let index = 0; index < 12; index += 1) {
    const buffer = await cameraJpeg({ width: 2400, height: 1800, orientation: index % 3 === 0 ? 6 : 1, seed: seedBase + index });
    photos.push({ name: `IMG_${seedBase + index}.jpg`, mimeType: 'image/jpeg', buffer });
  }
  return photos;
}

/** How many signatures the draft of this step holds in the phone's storage (the offline database, src/client/lib/offline-db.ts). */
function signaturesOnPhone(page: Page, etape: Etape) {
  return page.evaluate(
    (step) =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('convoyage-missions');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          if (!opening.result.objectStoreNames.contains('drafts')) return resolve(0);
          const reading = opening.result.transaction('drafts').objectStore('drafts').getAll();
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            opening.result.close();
            const draft = (reading.result as { etape: string; fields: Record<string, { traits?: unknown[] } | null> }[]).find(
              (stored) => stored.etape === step,
            );
            resolve(['convoyeurSignature', 'contactSignature'].filter((name) => (draft?.fields[name]?.traits?.length ?? 0) > 0).length);
          };
        };
      }),
    etape,
  );
}

/** How many pixels of a signature pad are inked (0 for a blank pad). */
async function inkedPixels(page: Page, label: string) {
  return page
    .locator('canvas')
    .and(page.getByLabel(label))
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let inked = 0;
      for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! > 0) inked += 1;
      return inked;
    });
}

/**
 * The signatures a PV draws: one stroke per signer here (each pad got one gesture), the
 * driver's in the left box and the contact's in the right one, each a line of several points.
 */
async function expectDrawnSignatures(pdf: Buffer) {
  const strokes = await strokesInColour(pdf, INK);
  expect(strokes).toHaveLength(2);
  const middle = (await readPdf(pdf)).pages[0]!.width / 2;
  const [driver, contact] = strokes;
  expect(driver!.points.length).toBeGreaterThanOrEqual(4);
  expect(contact!.points.length).toBeGreaterThanOrEqual(4);
  expect(driver!.points.every(([x]) => x < middle)).toBe(true);
  expect(contact!.points.every(([x]) => x > middle)).toBe(true);
}

/** After a reload: what was entered is on the page again, read back from the phone's storage. */
async function expectKeptAfterReload(page: Page, etape: Etape, { kilometrage, damageNote }: { kilometrage: string; damageNote: string }) {
  await expect(page.getByRole('textbox', { name: m.kilometrage, exact: true })).toHaveValue(kilometrage);
  await expect(page.getByLabel(m.documents['certificat-immatriculation']!)).toBeChecked();
  const front = page.getByRole('img', { name: m.photoLabels.avant, exact: true });
  await expect(front).toBeVisible();
  // Drawn from the copy kept on the phone (the compressed photo: 1600 px on its long side at most).
  await expect.poll(() => front.evaluate((image: HTMLImageElement) => Math.max(image.naturalWidth, image.naturalHeight))).toBe(1600);
  await expect(page.getByRole('img', { name: m.photoLabels.supplementaire })).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: m.damageNote, exact: true })).toHaveValue(damageNote);
  if (etape === 'livraison')
    await expect(page.getByRole('textbox', { name: m.reserves, exact: true })).toHaveValue(
      'Bosse à l’aile avant gauche constatée à la livraison.',
    );
  // Both signatures drawn again on their pads.
  await expect.poll(() => inkedPixels(page, m.driverSignature)).toBeGreaterThan(50);
  await expect.poll(() => inkedPixels(page, m.contactSignature[etape])).toBeGreaterThan(50);
  await expect(page.getByTestId('pending')).toHaveText(m.photosPending(13));
}

/** Fills an inspection while offline: counter, fuel, keys, a document, 12 photos, a damage, both signatures. */
async function fillInspection(
  page: Page,
  etape: Etape,
  { kilometrage, damageNote, touch }: { kilometrage: string; damageNote: string; touch: CDPSession | null },
) {
  await page.getByRole('textbox', { name: m.kilometrage, exact: true }).fill(kilometrage);
  await page.getByRole('textbox', { name: m.niveauEnergie, exact: true }).fill(etape === 'prise-en-charge' ? '60' : '35');
  await page.getByRole('textbox', { name: m.cles, exact: true }).fill('2');
  await page.getByLabel(m.documents['certificat-immatriculation']!).check();

  const photos = await cameraPhotos(etape === 'prise-en-charge' ? 1 : 40);
  for (const [index, emplacement] of STANDARD_PHOTOS.entries()) {
    await page.getByLabel(m.takePhoto(m.photoLabels[emplacement]), { exact: true }).setInputFiles(photos[index]!);
    // Each tile shows its photo once it is compressed and kept on the phone.
    await expect(page.getByRole('img', { name: m.photoLabels[emplacement], exact: true })).toBeVisible();
  }
  await page.locator('input[type=file]').and(page.getByLabel(m.addExtraPhoto)).setInputFiles(photos.slice(10));
  await expect(page.getByRole('img', { name: m.photoLabels.supplementaire })).toHaveCount(2);

  // A damage: a tap on the outline (front left wing), its kind, a note, its photo.
  const outline = page.getByTestId('vehicle-outline');
  await outline.scrollIntoViewIfNeeded();
  const box = (await outline.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.25);
  const damage = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(m.damageNumber(1)) }) });
  await damage.getByRole('combobox', { name: m.damageKind }).selectOption('bosse');
  await damage.getByRole('textbox', { name: m.damageNote, exact: true }).fill(damageNote);
  await damage
    .getByLabel(`${m.damagePhoto} (${m.damageNumber(1)})`)
    .setInputFiles({ name: 'IMG_damage.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg({ width: 1200, height: 900, seed: 99 }) });
  await expect(damage.getByRole('img', { name: m.photoLabels.dommage })).toBeVisible();

  await page
    .getByRole('textbox', { name: m.remarques, exact: true })
    .fill(etape === 'prise-en-charge' ? 'Véhicule propre, pneus en bon état.' : 'RAS à l’arrivée.');
  if (etape === 'livraison')
    await page.getByRole('textbox', { name: m.reserves, exact: true }).fill('Bosse à l’aile avant gauche constatée à la livraison.');
  await drawSignature(page, m.driverSignature, { touch });
  await drawSignature(page, m.contactSignature[etape], { touch });
  // Both on the phone's storage before anything else (the « saved » state may not have caught up with the last stroke yet).
  await expect.poll(() => signaturesOnPhone(page, etape)).toBe(2);
  // Still without network: nothing above brought it back.
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
}

async function missionOf(adminApi: import('@playwright/test').APIRequestContext, quote: E2eQuote): Promise<MissionView> {
  const response = await adminApi.get(`/api/admin/missions/${quote.id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as MissionView;
}

test(
  'the operator runs a whole mission from his phone, with the network cut, and the customer gets both reports',
  { tag: '@phone-only' },
  async ({ page, context, baseURL, customers, adminApi, logInAsAdmin }) => {
    test.setTimeout(480_000);
    const customer = await customers.create({ name: 'Hélène Dupré' });
    const quote = await customer.createQuote({ adresseDepart: 'Lyon', adresseArrivee: 'Marseille', typeVehicule: 'Berline' });
    await customer.completeQuote(quote, { priseInfo: { datePriseEnCharge: daysFromToday(0), debut: '08:00', fin: '10:30' } });
    expect(
      (
        await adminApi.post(`/api/admin/devis/${quote.id}/confirmer`, {
          data: { prixFinal: '389,90', clauses: { km: true, longDistance: false } },
        })
      ).status(),
    ).toBe(200);
    // Envoyé once its e-mail has gone; then signed on paper, as the administrator confirms.
    await expect.poll(async () => (await adminApi.post(`/api/admin/devis/${quote.id}/confirmer-signe`)).status()).toBe(200);

    // The planning: today's mission, its contact to call, the way there, the pickup to do.
    await logInAsAdmin(page);
    await page.goto('/admin/missions');
    const today = page.getByRole('region', { name: m.groups.aujourdhui });
    const card = today.getByRole('listitem').filter({ hasText: `Devis n° ${quote.numeroDevis}` });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: m.call('+33 6 11 22 33 44') })).toHaveAttribute('href', 'tel:+33611223344');
    await expect(card.getByRole('link', { name: m.navigateTo(quote.adresseDepart) })).toHaveAttribute('href', /google\.com\/maps/);
    await expect(card.getByText(m.pickupToDo)).toBeVisible();
    await card.getByRole('link', { name: m.startPickup }).click();

    // The page is opened once with signal, and kept for use without it.
    await expect(page.getByRole('heading', { level: 1, name: m.heading('prise-en-charge', quote.numeroDevis) })).toBeVisible();
    await expect(page.getByTestId('offline-readiness')).toHaveText(offlineTexts.ready, { timeout: 20_000 });
    await expect(page.getByRole('textbox', { name: m.lieu, exact: true })).toHaveValue(quote.adresseDepart);
    await expect(page.getByRole('textbox', { name: m.contactName['prise-en-charge'], exact: true })).toHaveValue('Élodie Martin');

    // The car park: no network at all, for the page and for the service worker that serves it.
    const touch = await context.newCDPSession(page);
    await context.setOffline(true);
    const [worker] = context.serviceWorkers();
    expect(
      await worker!.evaluate(() =>
        fetch('/api/health').then(
          () => 'network',
          () => 'no network',
        ),
      ),
    ).toBe('no network');
    await expect(page.getByText(offlineTexts.offlineNow)).toBeVisible();
    await fillInspection(page, 'prise-en-charge', { kilometrage: '45210', damageNote: 'Aile avant gauche', touch });
    await expect(page.getByTestId('pending')).toHaveText(m.photosPending(13));
    await expect(page.getByTestId('saved-state')).toHaveText(m.savedLocally);

    // A reload without network loses nothing: fields, photos, damage, signatures.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: m.heading('prise-en-charge', quote.numeroDevis) })).toBeVisible();
    await expectKeptAfterReload(page, 'prise-en-charge', { kilometrage: '45210', damageNote: 'Aile avant gauche' });

    // Completed offline: it waits; the network returns: everything goes, photo by photo.
    await page.getByRole('button', { name: m.submit['prise-en-charge'] }).click();
    await expect(page.getByText(m.submittedOffline)).toBeVisible();
    await expect(page.getByTestId('pending')).toContainText(m.reportPending);
    await context.setOffline(false);
    await expect(page.getByText(m.completed['prise-en-charge'])).toBeVisible({ timeout: 60_000 });

    // On the server: 13 photos, the data, both signatures in the PV; the customer has it by e-mail.
    const afterPickup = await missionOf(adminApi, quote);
    expect(afterPickup.statut).toBe('en cours');
    expect(afterPickup.priseEnCharge?.photos).toHaveLength(13);
    expect(afterPickup.priseEnCharge?.kilometrage).toBe(45_210);
    expect(afterPickup.priseEnCharge?.dommages).toMatchObject([{ nature: 'bosse', note: 'Aile avant gauche' }]);
    const pickupPv = await adminApi.get(afterPickup.priseEnCharge!.pvUrl);
    expect(pickupPv.status()).toBe(200);
    const pickupPdf = await pickupPv.body();
    const pickupText = flat((await readPdf(pickupPdf)).text);
    expect(pickupText).toContain(m.pvTitle['prise-en-charge']);
    expect(pickupText).toContain('45 210');
    expect(pickupText).toContain('Élodie Martin');
    // The 13 photos are in it, and both signatures under their signers' names, drawn as strokes.
    expect(imageCount(pickupPdf)).toBe(13);
    expect(pickupText).toContain(m.pvDriver);
    expect(pickupText).toContain(afterPickup.priseEnCharge!.convoyeur);
    expect(pickupText).toContain(m.pvContact['prise-en-charge']);
    await expectDrawnSignatures(pickupPdf);
    // What the phone sent for 12 camera photos and a damage photo: well under 5 MB.
    const uploaded = afterPickup.priseEnCharge!.photos.reduce((sum, photo) => sum + photo.octets, 0);
    expect(uploaded).toBeLessThan(5_000_000);
    test.info().annotations.push({ type: 'pickup photos stored (bytes, 13 photos)', description: String(uploaded) });
    await expect
      .poll(async () => (await readOutbox()).filter((mail) => mail.subject === m.pickupMailSubject(quote.numeroDevis)).length)
      .toBe(1);
    const pickupMail = (await readOutbox()).find((mail) => mail.subject === m.pickupMailSubject(quote.numeroDevis))!;
    expect(addressOf(pickupMail)).toBe(customer.email);
    expect(pickupMail.attachments.map((file) => file.filename)).toEqual([`pv-prise-en-charge-${quote.numeroDevis}.pdf`]);

    // Delivery, from the completed pickup's page, again without network.
    await page.getByRole('link', { name: m.startDelivery }).click();
    await expect(page.getByRole('heading', { level: 1, name: m.heading('livraison', quote.numeroDevis) })).toBeVisible();
    await expect(page.getByTestId('offline-readiness')).toHaveText(offlineTexts.ready, { timeout: 20_000 });
    // The pickup's damage stands beside the outline, so that new damage stands out.
    await expect(page.getByText(m.pickupDamages)).toBeVisible();
    await context.setOffline(true);
    await fillInspection(page, 'livraison', { kilometrage: '45530', damageNote: 'Rayure porte arrière', touch });
    await expect(page.getByTestId('pending')).toHaveText(m.photosPending(13));
    // As at the pickup: the page says the last signature is on the phone before it is reloaded.
    await expect(page.getByTestId('saved-state')).toHaveText(m.savedLocally);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: m.heading('livraison', quote.numeroDevis) })).toBeVisible();
    await expectKeptAfterReload(page, 'livraison', { kilometrage: '45530', damageNote: 'Rayure porte arrière' });
    await page.getByRole('button', { name: m.submit.livraison }).click();
    await expect(page.getByText(m.submittedOffline)).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText(m.completed.livraison)).toBeVisible({ timeout: 60_000 });

    // The mission is over: terminé, and the finalisation e-mail carries both reports.
    const afterDelivery = await missionOf(adminApi, quote);
    expect(afterDelivery.statut).toBe('terminé');
    expect(afterDelivery.livraison?.photos).toHaveLength(13);
    await expect
      .poll(async () => (await readOutbox()).filter((mail) => mail.subject === m.finalMailSubject(quote.numeroDevis)).length)
      .toBe(1);
    const finalMail = (await readOutbox()).find((mail) => mail.subject === m.finalMailSubject(quote.numeroDevis))!;
    expect(addressOf(finalMail)).toBe(customer.email);
    expect(finalMail.attachments.map((file) => file.filename)).toEqual([
      `pv-prise-en-charge-${quote.numeroDevis}.pdf`,
      `pv-livraison-${quote.numeroDevis}.pdf`,
    ]);
    const deliveryText = flat((await readPdf(finalMail.attachments[1]!.content)).text);
    expect(deliveryText).toContain(m.pvTitle.livraison);
    expect(deliveryText).toContain('Bosse à l’aile avant gauche constatée à la livraison.');
    expect(imageCount(finalMail.attachments[1]!.content)).toBe(13);
    await expectDrawnSignatures(finalMail.attachments[1]!.content);

    // The customer sees both reports and the photos on his quote's page.
    const customerPage = await context.browser()!.newPage({ viewport: { width: 390, height: 844 } });
    try {
      const signIn = await customerPage.request.post('/api/auth/sign-in/email', {
        data: { email: customer.email, password: customer.password },
        headers: apiHeaders(baseURL!),
      });
      expect(signIn.status()).toBe(200);
      await customerPage.goto(`/devis/${quote.id}`);
      await expect(customerPage.getByRole('link', { name: m.downloadPv['prise-en-charge'] })).toBeVisible();
      await expect(customerPage.getByRole('link', { name: m.downloadPv.livraison })).toBeVisible();
      await expect(customerPage.getByRole('img', { name: m.photoAlt(m.photoLabels.avant, 'livraison') })).toBeVisible();
    } finally {
      await customerPage.close();
    }
  },
);
