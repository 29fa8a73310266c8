import { randomUUID } from 'node:crypto';
import { formatParisTime } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import type { TrackingView } from '#domain/schemas/tracking.ts';
import { expenseTexts } from '#domain/texts/expenses.ts';
import { offlineTexts } from '#domain/texts/offline.ts';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/index.ts';
import { inspectionBody } from '#server/missions/test-factories.ts';
import { readSms, type SmsFile } from '#server/test/outbox.ts';
import { pruneTracking } from '#server/tracking/retention.ts';
import { apiHeaders, E2E_ADMIN, E2E_DATA_DIR, expect, linksSentTo, readOutbox, test } from './fixtures.ts';

/** Along the A6, Paris → Lyon: Auxerre, Beaune, Mâcon, then some 15 km and 8 km before Lyon. */
const PARIS = { latitude: 48.8566, longitude: 2.3522 };
const AUXERRE = { latitude: 47.7986, longitude: 3.5673 };
const BEAUNE = { latitude: 47.026, longitude: 4.84 };
const MACON = { latitude: 46.3069, longitude: 4.8287 };
const NEAR_LYON = { latitude: 45.87, longitude: 4.78 };
const NEARER_LYON = { latitude: 45.8, longitude: 4.82 };

const RECEIVER_PHONE = '+33752345678';
const CUSTOMER_PHONE = '+33612345678';

/** The positions stored by the running app for a mission, oldest first (WAL lets two processes share the SQLite file). */
async function withDatabase<T>(work: (database: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const database = openDatabase(loadConfig({ DATA_DIR: E2E_DATA_DIR, ADMIN_EMAIL: E2E_ADMIN.email, LOG_LEVEL: 'silent' }).database);
  return work(database).finally(() => database.close());
}
const storedPositions = (devisId: string) =>
  withDatabase((database) =>
    database.db
      .selectFrom('tracking_positions')
      .select(['lat', 'lon', 'takenAt'])
      .where('devisId', '=', devisId)
      .orderBy('takenAt')
      .execute(),
  );

/**
 * Issue 31's proof: after the pickup, the operator's phone (geolocation granted, moved along
 * Paris → Lyon by the test) shares its position from the mission page; the customer's quote page
 * and the receiver's link show the town, the km left and an arrival time that comes earlier; the
 * « about 30 minutes » SMS and e-mail go once; positions read without network go later, in order;
 * after the delivery the link says the tracking has ended, and the retention task (clock frozen
 * 31 days later) deletes the positions.
 */
test(
  'the vehicle followed live from the operator’s phone by the customer and the receiver, told once before arrival',
  { tag: '@phone-only' },
  async ({ page, browser, baseURL, customer, adminApi, logInAsAdmin }, testInfo) => {
    test.setTimeout(180_000);
    const receiverEmail = `destinataire-${randomUUID().slice(0, 8)}@exemple.fr`;
    const quote = await customer.createQuote({ adresseDepart: 'Paris', adresseArrivee: 'Lyon', typeVehicule: 'Berline' });
    await customer.completeQuote(quote, { contactArrivee: { nom: 'Garage Bellecour', email: receiverEmail, telephone: '07 52 34 56 78' } });
    const confirmed = await adminApi.post(`/api/admin/devis/${quote.id}/confirmer`, {
      data: { prixFinal: '420,00', acomptePourcent: 0, clauses: { km: false, longDistance: false, refacturation: [] } },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await expect.poll(async () => (await adminApi.post(`/api/admin/devis/${quote.id}/confirmer-signe`)).status()).toBe(200);

    // The pickup: the receiver gets his link by e-mail and SMS.
    await readOutbox();
    const before = new Set(readSms(E2E_DATA_DIR).map((sms) => sms.id));
    const newSms = (tag: string) => readSms(E2E_DATA_DIR).filter((sms: SmsFile) => !before.has(sms.id) && sms.tag === tag);
    const pickup = await adminApi.post(`/api/admin/missions/${quote.id}/prise-en-charge`, { data: inspectionBody() });
    expect(pickup.status(), await pickup.text()).toBe(200);
    await expect.poll(() => linksSentTo(receiverEmail, { now: true })).toHaveLength(1);
    const [link] = await linksSentTo(receiverEmail);
    const receiverPath = new URL(link!).pathname;
    expect(receiverPath).toMatch(/^\/suivi\/[A-Za-z0-9_-]{24}$/);
    expect(newSms('tracking-pickup-sms').find((sms) => sms.to === RECEIVER_PHONE)?.text).toContain(receiverPath);

    // The operator's phone: geolocation granted, at Paris, on the mission page.
    const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = testInfo.project.use;
    const phone = await browser.newContext({
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      userAgent,
      deviceScaleFactor,
      permissions: ['geolocation'],
      geolocation: { ...PARIS, accuracy: 12 },
      extraHTTPHeaders: { 'x-forwarded-for': apiHeaders(baseURL!)['x-forwarded-for']! },
    });
    const driver = await phone.newPage();
    await logInAsAdmin(driver);
    await driver.goto(paths.adminMission(quote.id));
    const sharing = driver.getByRole('region', { name: k.sharingTitle });
    await expect(sharing.getByRole('status')).toHaveText(k.sharingOn);
    await expect(sharing).toContainText(k.keepVisible);

    const view = async (): Promise<TrackingView> => (await customer.api.get(`/api/devis/${quote.id}/suivi`)).json();
    await expect.poll(async () => (await storedPositions(quote.id)).length).toBe(1);
    const atParis = await view();
    expect(atParis).toMatchObject({ statut: 'en route', ville: expect.stringMatching(/^Paris/), kmParcourus: 0 });

    // The customer's quote page: « En route », the town, km left, the arrival time, the map.
    await page.goto(paths.devis(quote.id));
    const panel = page.getByRole('region', { name: k.title });
    await expect(panel.getByTestId('statut-suivi')).toHaveText(k.status['en route']);
    await expect(panel.getByText(k.nearTown(atParis.ville!))).toBeVisible();
    await expect(panel.getByTestId('km-restants')).toHaveText(`${atParis.kmRestants}\u00a0km`);
    await expect(panel.getByTestId('arrivee-estimee')).toHaveText(formatParisTime(atParis.arriveeEstimee!));
    await expect(panel.getByRole('img', { name: k.mapLabel(atParis.ville) })).toBeVisible();

    // « Pause du suivi »: the phone stops sharing; resumed, it shares the move made meanwhile.
    await sharing.getByRole('button', { name: k.pause }).click();
    await expect(sharing.getByRole('status')).toHaveText(k.sharingPaused);
    await phone.setGeolocation({ ...AUXERRE, accuracy: 15 });
    await sharing.getByRole('button', { name: k.resume }).click();
    await expect(sharing.getByRole('status')).toHaveText(k.sharingOn);
    await expect.poll(async () => (await storedPositions(quote.id)).length).toBe(2);
    const atAuxerre = await view();
    expect(atAuxerre.ville).not.toBe(atParis.ville);
    expect(atAuxerre.kmRestants!).toBeLessThan(atParis.kmRestants!);
    expect(Date.parse(atAuxerre.arriveeEstimee!)).toBeLessThan(Date.parse(atParis.arriveeEstimee!));
    await page.reload();
    await expect(panel.getByText(k.nearTown(atAuxerre.ville!))).toBeVisible();
    await expect(panel.getByTestId('km-restants')).toHaveText(`${atAuxerre.kmRestants}\u00a0km`);
    await expect(panel.getByTestId('arrivee-estimee')).toHaveText(formatParisTime(atAuxerre.arriveeEstimee!));

    // No network in the Morvan: two positions wait on the phone, then go in the order read.
    const sent: { lat: number }[][] = [];
    // What reached the server (the attempts without network fail, and are not counted).
    driver.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/admin/missions/${quote.id}/positions`)) {
        sent.push((request.postDataJSON() as { positions: { lat: number }[] }).positions);
      }
    });
    // The page's one sync bar, at its top, says they wait (the panel does not repeat it), then that all is sent.
    const bar = driver.getByTestId('pending');
    await expect(bar).toHaveText(offlineTexts.allSent);
    await phone.setOffline(true);
    await phone.setGeolocation({ ...BEAUNE, accuracy: 20 });
    await expect(bar).toHaveText(k.pending(1));
    await phone.setGeolocation({ ...MACON, accuracy: 20 });
    await expect(bar).toHaveText(k.pending(2));
    await expect(sharing).not.toContainText(k.pending(2));
    // Sticky under the header: still read with the expenses, at the foot of the page, in view.
    await driver.getByRole('button', { name: expenseTexts.add }).scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport();
    await phone.setOffline(false);
    await expect(bar).toHaveText(offlineTexts.allSent, { timeout: 30_000 });
    expect(sent.flat().map((position) => position.lat)).toEqual([BEAUNE.latitude, MACON.latitude]);
    const stored = await storedPositions(quote.id);
    expect(stored.map((position) => position.lat)).toEqual([PARIS.latitude, AUXERRE.latitude, BEAUNE.latitude, MACON.latitude]);

    // The receiver's link, without an account: the same view, no name, no price.
    const receiver = await browser.newPage({ baseURL });
    await receiver.goto(receiverPath);
    await expect(receiver.getByRole('heading', { level: 1 })).toHaveText(k.receiverTitle(quote.numeroDevis));
    const atMacon = await view();
    expect(Date.parse(atMacon.arriveeEstimee!)).toBeLessThan(Date.parse(atAuxerre.arriveeEstimee!));
    await expect(receiver.getByText(k.nearTown(atMacon.ville!))).toBeVisible();
    await expect(receiver.getByTestId('km-restants')).toHaveText(`${atMacon.kmRestants}\u00a0km`);
    await expect(receiver.getByTestId('arrivee-estimee')).toHaveText(formatParisTime(atMacon.arriveeEstimee!));
    await expect(receiver.getByRole('main')).not.toContainText(customer.name);
    await expect(receiver.getByRole('main')).not.toContainText('420,00');

    // Some 15 km before Lyon: « about 30 minutes », by e-mail to the customer and SMS to both, once.
    await phone.setGeolocation({ ...NEAR_LYON, accuracy: 10 });
    await expect.poll(async () => (await storedPositions(quote.id)).length).toBe(5);
    await phone.setGeolocation({ ...NEARER_LYON, accuracy: 10 });
    await expect.poll(async () => (await storedPositions(quote.id)).length).toBe(6);
    const mails = await readOutbox();
    expect(mails.filter((mail) => mail.subject === k.approachMailSubject(quote.numeroDevis))).toHaveLength(1);
    expect(
      newSms('tracking-approach-sms')
        .map((sms) => sms.to)
        .sort(),
    ).toEqual([CUSTOMER_PHONE, RECEIVER_PHONE]);

    // Delivered: the link says the tracking has ended; the phone stops sharing.
    const delivery = await adminApi.post(`/api/admin/missions/${quote.id}/livraison`, { data: inspectionBody() });
    expect(delivery.status(), await delivery.text()).toBe(200);
    await receiver.reload();
    await expect(receiver.getByText(k.ended)).toBeVisible();
    await driver.reload();
    await expect(driver.getByRole('region', { name: k.sharingTitle })).toHaveCount(0);
    await expect(driver.getByTestId('pending')).toHaveText(offlineTexts.allSent);

    // The retention task, its clock frozen 29 then 31 days after the delivery (TRACKING_RETENTION_DAYS = 30).
    const deliveredAt = Date.now();
    await withDatabase((database) => pruneTracking(database, 30, new Date(deliveredAt + 29 * 86_400_000)));
    expect(await storedPositions(quote.id)).toHaveLength(6);
    await withDatabase((database) => pruneTracking(database, 30, new Date(deliveredAt + 31 * 86_400_000)));
    expect(await storedPositions(quote.id)).toEqual([]);
    await phone.close();
    await receiver.close();
  },
);
