import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { STANDARD_PHOTOS } from '#domain/schemas/missions.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { offlineTexts } from '#domain/texts/offline.ts';
import { cameraJpeg } from '#server/missions/test-photos.ts';
import { daysFromToday } from '#domain/schemas/devis-completion.fixture.ts';
import { expect, test } from '../e2e/fixtures.ts';

/**
 * What an inspection costs the operator's phone (issue 15), printed as markdown for
 * BENCHMARKS.md: 12 camera photos (4000 × 3000, as a phone writes them) given to the pickup
 * page with no network, the bytes kept after the page's compression (what it sends: each PUT's
 * body is the kept Blob), then the time
 * to send them all once the network returns as Chromium's « Slow 3G » profile (2 s latency,
 * 50 kB/s each way) — and the JavaScript the inspection page loads beyond the home page's.
 */

const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const dist = path.resolve('dist/client');
/** What the server sends for a built script: its .gz (files under 1 kB have none: gzipped here). */
const gzipSize = (url: string) => {
  const file = path.join(dist, new URL(url).pathname);
  return existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(readFileSync(file), { level: 9 }).length;
};

test('12 camera photos: bytes and sync time on Slow 3G; the inspection page’s JavaScript', async ({
  page,
  customers,
  adminApi,
  logInAsAdmin,
}) => {
  const customer = await customers.create({ name: 'Banc Essai' });
  const quote = await customer.createQuote({ adresseDepart: 'Lyon', adresseArrivee: 'Marseille', typeVehicule: 'Berline' });
  await customer.completeQuote(quote, { priseInfo: { datePriseEnCharge: daysFromToday(0), debut: '08:00', fin: '10:30' } });
  await adminApi.post(`/api/admin/devis/${quote.id}/confirmer`, {
    data: { prixFinal: '389,90', clauses: { km: true, longDistance: false } },
  });
  await expect.poll(async () => (await adminApi.post(`/api/admin/devis/${quote.id}/confirmer-signe`)).status()).toBe(200);

  // The scripts a first visit loads, from the planning to the inspection page.
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (/\/assets\/.*\.js$/.test(response.url())) scripts.add(response.url());
  });
  await logInAsAdmin(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const homeScripts = new Set(scripts);
  await page.goto(`/admin/devis/${quote.id}/prise-en-charge`);
  await expect(page.getByTestId('offline-readiness')).toHaveText(offlineTexts.ready, { timeout: 60_000 });
  const inspectionScripts = [...scripts].filter((url) => !homeScripts.has(url));
  const inspectionJs = inspectionScripts.reduce((sum, url) => sum + gzipSize(url), 0);
  const homeJs = [...homeScripts].reduce((sum, url) => sum + gzipSize(url), 0);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const photos = [];
  for (let index = 0; index < 12; index += 1) {
    photos.push({
      name: `IMG_${index}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await cameraJpeg({ orientation: index % 3 === 0 ? 6 : 1, seed: index + 1 }),
    });
  }
  const originalBytes = photos.reduce((sum, photo) => sum + photo.buffer.length, 0);
  const compressStarted = Date.now();
  for (const [index, emplacement] of STANDARD_PHOTOS.entries()) {
    await page.getByLabel(m.takePhoto(m.photoLabels[emplacement]), { exact: true }).setInputFiles(photos[index]!);
    await expect(page.getByRole('img', { name: m.photoLabels[emplacement], exact: true })).toBeVisible({ timeout: 60_000 });
  }
  await page.locator('input[type=file]').and(page.getByLabel(m.addExtraPhoto)).setInputFiles(photos.slice(10));
  await expect(page.getByTestId('pending')).toHaveText(m.photosPending(12), { timeout: 60_000 });
  const compressMs = Date.now() - compressStarted;
  const kept = await page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('convoyage-missions');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('photos').objectStore('photos').getAll();
          all.onsuccess = () => resolve((all.result as { blob: Blob }[]).map((photo) => photo.blob.size));
        };
      }),
  );

  const syncStarted = Date.now();
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await expect(page.getByTestId('pending')).toHaveText(offlineTexts.allSent, { timeout: 10 * 60_000 });
  const syncMs = Date.now() - syncStarted;

  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const lines = [
    `| Measure (${new Date().toISOString().slice(0, 10)}, phone project, 2-core shared machine) | Value |`,
    '|---|---:|',
    `| 12 camera JPEGs given to the page (4000 × 3000, q90) | ${kB(originalBytes)} |`,
    `| kept on the phone after compression (12 photos) | ${kB(kept.reduce((a, b) => a + b, 0))} (largest ${kB(Math.max(...kept))}, smallest ${kB(Math.min(...kept))}) |`,
    `| compressing the 12 photos in the page (offline) | ${(compressMs / 1000).toFixed(1)} s |`,
    `| sending them on « Slow 3G » (2 s latency, 50 kB/s up) until « Tout est envoyé. » | ${(syncMs / 1000).toFixed(1)} s |`,
    `| JavaScript of the home page once its deferred forms are loaded (gzip) | ${kB(homeJs)} |`,
    `| JavaScript the inspection page adds (gzip, ${inspectionScripts.length} chunks, service worker excluded) | ${kB(inspectionJs)} |`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
});
