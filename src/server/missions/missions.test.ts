import { randomUUID } from 'node:crypto';
import exifr from 'exifr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_PHOTOS, type InspectionBody, type MissionView, type PlanningResponse } from '#domain/schemas/missions.ts';
import { daysFromToday } from '#domain/schemas/devis-completion.fixture.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { completeInspection, inspectionBody } from '#server/missions/test-factories.ts';
import { insertQuote } from '#server/quotes/back-office-test-factories.ts';
import type { QuoteChanges } from '#server/quotes/repository.ts';
import { setStatusUpdates } from '#server/notifications/repository.ts';
import { readPdf, strokesInColour } from '#server/test/pdf-text.ts';
import { INK } from '#server/pdf/drawing.ts';
import { DRAWING } from '#server/signatures/test-factories.ts';
import { addressOf, createAdmin, createCustomer, ENGINES, PUBLIC_URL, useTestApp } from '#server/test/helpers.ts';
import { cameraJpeg } from './test-photos.ts';

type Headers = { cookie: string; origin: string };
type Customer = Awaited<ReturnType<typeof createCustomer>>;
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Counts the images a PDF draws (pdfkit writes each embedded JPEG as an XObject of subtype Image). */
const imageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;

describe.each(ENGINES)('missions on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: Headers;
  let customer: Customer;
  let other: Customer;
  let smallJpeg: Buffer;

  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
    customer = await createCustomer(t, { name: 'Hélène Dupré' });
    other = await createCustomer(t, { name: 'Autre Client' });
    smallJpeg = await cameraJpeg({ width: 900, height: 600, orientation: 6, seed: 2 });
  });

  const quoteInProgress = (statut: 'en cours' | 'envoyé' | 'terminé' | 'confirmé' = 'en cours', changes: QuoteChanges = {}) =>
    insertQuote(t, { statut, uid: customer.id, email: customer.email, ...changes });

  const putPhoto = (
    devisId: string,
    etape: string,
    photoId: string,
    body: Buffer,
    query = 'emplacement=avant&prisLe=2026-11-20T09:15:00%2B01:00',
    headers: Record<string, string> = admin,
    contentType = 'image/jpeg',
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/missions/${devisId}/${etape}/photos/${photoId}?${query}`,
      headers: { ...headers, 'content-type': contentType },
      payload: body,
    });

  const complete = (devisId: string, etape: string, body: InspectionBody, headers: Record<string, string> = admin) =>
    completeInspection(t, headers, devisId, etape, body);

  /** The ten standard photos and two extras of one inspection, sent one by one. */
  async function sendTwelve(devisId: string, etape: string) {
    const ids: string[] = [];
    for (const [index, emplacement] of [...STANDARD_PHOTOS, 'supplementaire', 'supplementaire'].entries()) {
      const id = randomUUID();
      const photo = await cameraJpeg({ width: 800, height: 600, seed: index + 10 });
      const response = await putPhoto(devisId, etape, id, photo, `emplacement=${emplacement}`);
      expect(response.statusCode, response.body).toBe(201);
      ids.push(id);
    }
    return ids;
  }

  describe('photos', () => {
    it('stores a photo upright, at most 1600 px, with no EXIF but the capture time, and a thumbnail', async () => {
      const quote = await quoteInProgress();
      const id = randomUUID();
      // A camera's 4000 × 3000 file is far above 400 kB; a small one held upright goes through as the page would send it.
      const response = await putPhoto(quote.id, 'prise-en-charge', id, smallJpeg);
      expect(response.statusCode, response.body).toBe(201);
      const photo = response.json();
      expect(photo).toMatchObject({ id, emplacement: 'avant', largeur: 600, hauteur: 900, url: `/api/devis/${quote.id}/photos/${id}` });

      const stored = await t.app.inject({ method: 'GET', url: photo.url, headers: admin });
      expect(stored.statusCode).toBe(200);
      expect(stored.headers['content-type']).toBe('image/jpeg');
      const bytes = stored.rawPayload;
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([600, 900, 1]);
      const exif = await exifr.parse(bytes, { tiff: true, exif: true, gps: true, icc: false, translateValues: false });
      expect(exif.Make).toBeUndefined();
      expect(exif.Model).toBeUndefined();
      expect(exif.GPSLatitudeRef).toBeUndefined();
      // 09:15 in France, as EXIF writes the local time of the place.
      expect(exif.DateTimeOriginal).toBeTruthy();
      expect(await exifr.parse(bytes, { pick: ['DateTimeOriginal'], reviveValues: false })).toEqual({
        DateTimeOriginal: '2026:11:20 09:15:00',
      });

      const thumb = await t.app.inject({ method: 'GET', url: photo.vignetteUrl, headers: admin });
      const thumbMeta = await sharp(thumb.rawPayload).metadata();
      expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(320);
    });

    it('brings a large picture down to 1600 px on its long side', async () => {
      const quote = await quoteInProgress();
      const png = await sharp({ create: { width: 3200, height: 2000, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const response = await putPhoto(quote.id, 'prise-en-charge', randomUUID(), png, 'emplacement=interieur', admin, 'image/png');
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ largeur: 1600, hauteur: 1000 });
      expect(response.json().octets).toBeLessThanOrEqual(400 * 1024);
    });

    it('stores a photo sent twice once, and refuses another photo under the same id', async () => {
      const quote = await quoteInProgress();
      const id = randomUUID();
      const [first, second] = await Promise.all([
        putPhoto(quote.id, 'prise-en-charge', id, smallJpeg),
        putPhoto(quote.id, 'prise-en-charge', id, smallJpeg),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
      const again = await putPhoto(quote.id, 'prise-en-charge', id, smallJpeg);
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(id);
      const rows = await t.app.database.db.selectFrom('inspection_photos').selectAll().where('id', '=', id).execute();
      expect(rows).toHaveLength(1);

      const otherPhoto = await cameraJpeg({ width: 640, height: 480, seed: 9 });
      const clash = await putPhoto(quote.id, 'prise-en-charge', id, otherPhoto);
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual({ error: 'conflict', message: m.photoConflict });
    });

    it('refuses, in French and storing nothing, what is not a photo, too big, of another type, or for a quote not en cours', async () => {
      const quote = await quoteInProgress();
      const notImage = await putPhoto(quote.id, 'prise-en-charge', randomUUID(), Buffer.from('%PDF-1.7 pas une image'));
      expect(notImage.statusCode).toBe(422);
      expect(notImage.json().message).toBe(m.photoNotImage);

      const camera = await cameraJpeg({ seed: 4 });
      expect(camera.length).toBeGreaterThan(400 * 1024);
      const tooBig = await putPhoto(quote.id, 'prise-en-charge', randomUUID(), camera);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toBe(m.photoTooLarge);

      const wrongType = await putPhoto(
        quote.id,
        'prise-en-charge',
        randomUUID(),
        smallJpeg,
        'emplacement=avant',
        admin,
        'application/octet-stream',
      );
      expect(wrongType.statusCode).toBe(415);
      expect(wrongType.json().message).toBe(m.photoUnsupportedType);

      const damageWithout = await putPhoto(quote.id, 'prise-en-charge', randomUUID(), smallJpeg, 'emplacement=dommage');
      expect(damageWithout.statusCode).toBe(400);
      expect(damageWithout.json().message).toBe(m.photoDamageMissing);

      for (const statut of ['envoyé', 'terminé'] as const) {
        const notStarted = await quoteInProgress(statut);
        const refused = await putPhoto(notStarted.id, 'prise-en-charge', randomUUID(), smallJpeg);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(m.notInProgress);
      }
      const stored = await t.app.database.db.selectFrom('inspection_photos').select('id').where('devisId', '=', quote.id).execute();
      expect(stored).toEqual([]);
    });

    it('takes at most 40 photos for one inspection', async () => {
      const quote = await quoteInProgress();
      const tiny = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa5500' } })
        .jpeg()
        .toBuffer();
      for (let index = 0; index < 40; index += 1) {
        expect((await putPhoto(quote.id, 'livraison', randomUUID(), tiny)).statusCode).toBe(201);
      }
      const refused = await putPhoto(quote.id, 'livraison', randomUUID(), tiny);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(m.photoTooMany);
    });
  });

  describe('a whole mission', () => {
    // 25 photos decoded and re-encoded by sharp, three PDFs: the time limit is for a busy machine, not a budget.
    it('records the pickup (history, PV with 12 photos and both signatures e-mailed), then the delivery (terminé, finalisation e-mail with both PVs)', async () => {
      const quote = await quoteInProgress();
      // The customer turned off the news of his quotes: the reports are essential, he gets them anyway.
      await setStatusUpdates(t.app.database.db, customer.id, false);

      // Delivery first: refused.
      const early = await complete(quote.id, 'livraison', inspectionBody());
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(m.pickupFirst);

      const pickupPhotos = await sendTwelve(quote.id, 'prise-en-charge');
      const damageId = randomUUID();
      const damagePhoto = randomUUID();
      expect(
        (await putPhoto(quote.id, 'prise-en-charge', damagePhoto, smallJpeg, `emplacement=dommage&dommage=${damageId}`)).statusCode,
      ).toBe(201);
      // Taken, then removed on the phone while offline: its deletion never reached the server.
      const forgotten = randomUUID();
      expect((await putPhoto(quote.id, 'prise-en-charge', forgotten, smallJpeg, 'emplacement=supplementaire')).statusCode).toBe(201);

      const missing = await complete(quote.id, 'prise-en-charge', inspectionBody({ photos: [...pickupPhotos, randomUUID()] }));
      expect(missing.statusCode).toBe(409);
      expect(missing.json().message).toBe(m.photosMissing(1));
      const unsigned = await complete(
        quote.id,
        'prise-en-charge',
        inspectionBody({
          photos: pickupPhotos,
          signatureContact: { nom: 'Élodie Martin', signature: { largeur: 320, hauteur: 160, traits: [[[5, 5]]] } },
        }),
      );
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().message).toBe(m.signatureRequired);

      const body = inspectionBody({
        photos: [...pickupPhotos, damagePhoto],
        dommages: [{ id: damageId, x: 0.3, y: 0.2, nature: 'rayure', note: 'Aile avant gauche', photoId: damagePhoto }],
      });
      const pickup = await complete(quote.id, 'prise-en-charge', body);
      expect(pickup.statusCode, pickup.body).toBe(200);
      const view: MissionView = pickup.json();
      expect(view.statut).toBe('en cours');
      expect(view.priseEnCharge).toMatchObject({ convoyeur: 'Marc Convoyeur', contact: 'Élodie Martin', kilometrage: 45_210 });
      expect(view.priseEnCharge!.photos.map((photo) => photo.id).sort()).toEqual([...pickupPhotos, damagePhoto].sort());
      expect(view.photosRecues).toEqual([]);
      // The forgotten photo is gone with its files.
      expect((await putPhoto(quote.id, 'prise-en-charge', forgotten, smallJpeg)).statusCode).toBe(409);
      expect((await t.app.inject({ method: 'GET', url: `/api/devis/${quote.id}/photos/${forgotten}`, headers: admin })).statusCode).toBe(
        404,
      );

      // Sent again (the answer was lost on the way): the same result; another submission is refused.
      const again = await complete(quote.id, 'prise-en-charge', body);
      expect(again.statusCode).toBe(200);
      const second = await complete(quote.id, 'prise-en-charge', inspectionBody({ photos: pickupPhotos }));
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(m.alreadyCompleted['prise-en-charge']);

      const history = (await t.app.inject({ method: 'GET', url: `/api/admin/devis/${quote.id}`, headers: admin })).json().historique;
      expect(history.at(-1)).toMatchObject({ event: 'Véhicule pris en charge', byName: 'Marc Convoyeur', toStatut: 'en cours' });

      const pv = await t.app.inject({ method: 'GET', url: view.priseEnCharge!.pvUrl, headers: customer.headers });
      expect(pv.statusCode).toBe(200);
      expect(pv.headers['content-disposition']).toBe(`attachment; filename="pv-prise-en-charge-${quote.numeroDevis}.pdf"`);
      const pvText = flat((await readPdf(pv.rawPayload)).text);
      for (const expected of [
        m.pvTitle['prise-en-charge'],
        m.pvQuote(quote.numeroDevis),
        '45 210 km',
        '60 %',
        'Marc Convoyeur',
        'Élodie Martin',
        '1. Rayure – Aile avant gauche',
        'Carnet d’entretien',
        'Dommage 1 – Rayure',
      ]) {
        expect(pvText).toContain(expected);
      }
      expect(pvText).not.toContain(m.pvNotPhotographed);
      expect(imageCount(pv.rawPayload)).toBe(13);
      // Both signatures are drawn as the phone sent them: each stroke of each, point for point,
      // the driver's in the left box and the contact's in the right one.
      const inked = await strokesInColour(pv.rawPayload, INK);
      const pointsPerStroke = DRAWING.traits.map((trait) => trait.length);
      expect(inked.map((stroke) => stroke.points.length)).toEqual([...pointsPerStroke, ...pointsPerStroke]);
      const middle = (await readPdf(pv.rawPayload)).pages[0]!.width / 2;
      const [driver, contact] = [inked.slice(0, 2), inked.slice(2)];
      expect(driver.every((stroke) => stroke.points.every(([x]) => x < middle))).toBe(true);
      expect(contact.every((stroke) => stroke.points.every(([x]) => x > middle))).toBe(true);
      // Its shape kept: the strokes rise and fall where the drawing does (pdfkit draws in a
      // frame that runs top-down, as the pad does).
      const turns = (points: [number, number][]) => points.slice(1).map(([, y], i) => Math.sign(y - points[i]![1]));
      expect(inked.slice(0, 2).map((stroke) => turns(stroke.points))).toEqual(DRAWING.traits.map(turns));

      const pickupMails = (await t.outbox()).filter((mail) => mail.subject === m.pickupMailSubject(quote.numeroDevis));
      expect(pickupMails).toHaveLength(1);
      expect(addressOf(pickupMails[0]!)).toBe(customer.email);
      expect(pickupMails[0]!.attachments.map((file) => file.filename)).toEqual([`pv-prise-en-charge-${quote.numeroDevis}.pdf`]);
      expect(pickupMails[0]!.attachments[0]!.content.equals(pv.rawPayload)).toBe(true);

      // The delivery, with new damage, reservations and its own photos.
      const deliveryPhotos = await sendTwelve(quote.id, 'livraison');
      const delivery = await complete(
        quote.id,
        'livraison',
        inspectionBody({
          lieu: 'Marseille (13000)',
          kilometrage: 45_530,
          photos: deliveryPhotos,
          reserves: 'Rayure sur le pare-chocs arrière.',
          dommages: [{ id: randomUUID(), x: 0.5, y: 0.95, nature: 'bosse', note: 'Pare-chocs arrière', photoId: null }],
          signatureContact: { nom: 'Concession Marseille', signature: DRAWING },
        }),
      );
      expect(delivery.statusCode, delivery.body).toBe(200);
      expect(delivery.json().statut).toBe('terminé');
      const after = (await t.app.inject({ method: 'GET', url: `/api/admin/devis/${quote.id}`, headers: admin })).json();
      expect(after.historique.at(-1)).toMatchObject({ fromStatut: 'en cours', toStatut: 'terminé', event: 'Véhicule livré' });

      const deliveryPv = await t.app.inject({ method: 'GET', url: `/api/devis/${quote.id}/pv/livraison`, headers: customer.headers });
      const deliveryText = flat((await readPdf(deliveryPv.rawPayload)).text);
      expect(deliveryText).toContain(m.pvTitle.livraison);
      expect(deliveryText).toContain('Rayure sur le pare-chocs arrière.');
      expect(deliveryText).toContain(m.pvPickupDamages);
      expect(imageCount(deliveryPv.rawPayload)).toBe(12);

      const finals = (await t.outbox()).filter((mail) => mail.subject === m.finalMailSubject(quote.numeroDevis));
      expect(finals).toHaveLength(1);
      expect(addressOf(finals[0]!)).toBe(customer.email);
      expect(finals[0]!.attachments.map((file) => file.filename)).toEqual([
        `pv-prise-en-charge-${quote.numeroDevis}.pdf`,
        `pv-livraison-${quote.numeroDevis}.pdf`,
      ]);
      expect(finals[0]!.attachments[1]!.content.equals(deliveryPv.rawPayload)).toBe(true);
      // No second, optional « terminé » news beside it.
      expect((await t.outbox()).filter((mail) => mail.subject?.includes(`n° ${quote.numeroDevis} : Terminé`))).toEqual([]);

      // The customer sees both inspections and their photos; another customer sees nothing.
      const mine = await t.app.inject({ method: 'GET', url: `/api/devis/${quote.id}/etats-des-lieux`, headers: customer.headers });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().priseEnCharge.photos).toHaveLength(13);
      expect(mine.json().livraison.reserves).toBe('Rayure sur le pare-chocs arrière.');
      const photoUrl = mine.json().livraison.photos[0].url;
      expect((await t.app.inject({ method: 'GET', url: photoUrl, headers: customer.headers })).statusCode).toBe(200);
      for (const url of [`/api/devis/${quote.id}/etats-des-lieux`, photoUrl, `/api/devis/${quote.id}/pv/livraison`]) {
        expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url, headers: { origin: PUBLIC_URL } })).statusCode).toBe(401);
        expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);
      }
      await setStatusUpdates(t.app.database.db, customer.id, true);
    }, 120_000);

    it('keeps the photos of an inspection in progress from the customer', async () => {
      const quote = await quoteInProgress();
      const id = randomUUID();
      expect((await putPhoto(quote.id, 'prise-en-charge', id, smallJpeg)).statusCode).toBe(201);
      const url = `/api/devis/${quote.id}/photos/${id}`;
      expect((await t.app.inject({ method: 'GET', url, headers: customer.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/admin/missions/${quote.id}/prise-en-charge/photos/${id}`, headers: admin }))
          .statusCode,
      ).toBe(204);
      expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(404);
    });

    it('refuses the delivery of a mission finished by hand meanwhile, and keeps no report of it', async () => {
      const quote = await quoteInProgress();
      expect((await complete(quote.id, 'prise-en-charge', inspectionBody())).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/terminer`, headers: admin })).statusCode).toBe(200);
      const refused = await complete(quote.id, 'livraison', inspectionBody());
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(m.notInProgress);
      const rows = await t.app.database.db.selectFrom('inspections').select('etape').where('devisId', '=', quote.id).execute();
      expect(rows).toEqual([{ etape: 'prise-en-charge' }]);
    });
  });

  describe('planning and calendar feed', () => {
    it('groups the missions by wished pickup day, with envoyé for information and nothing finished', async () => {
      const slot = (days: number) => ({ datePriseEnCharge: daysFromToday(days), debut: '08:30', fin: '10:00' });
      const today = await quoteInProgress('en cours', { priseInfo: slot(0) });
      const tomorrow = await quoteInProgress('envoyé', { priseInfo: slot(1) });
      const later = await quoteInProgress('en cours', { priseInfo: slot(40) });
      const past = await quoteInProgress('en cours', { priseInfo: slot(-2) });
      const undated = await quoteInProgress('en cours', { priseInfo: null });
      const finished = await quoteInProgress('terminé', { priseInfo: slot(0) });
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/missions', headers: admin });
      expect(response.statusCode).toBe(200);
      const planning: PlanningResponse = response.json();
      const groupOf = (id: string) => planning.groupes.find((group) => group.missions.some((mission) => mission.id === id))?.groupe;
      expect(groupOf(today.id)).toBe('aujourdhui');
      expect(groupOf(tomorrow.id)).toBe('demain');
      expect(groupOf(later.id)).toBe('plus-tard');
      expect(groupOf(past.id)).toBe('passee');
      expect(groupOf(undated.id)).toBe('sans-date');
      expect(groupOf(finished.id)).toBeUndefined();
      const mission = planning.groupes.flatMap((group) => group.missions).find((item) => item.id === today.id)!;
      expect(mission).toMatchObject({ contactDepart: { nom: 'Garage du Rhône', telephone: '04 78 00 00 00' }, priseEnChargeLe: null });
    });

    it('serves the feed only with the current token, whose hash alone is stored', async () => {
      await quoteInProgress('en cours', { priseInfo: { datePriseEnCharge: '2026-12-01', debut: '08:30', fin: '10:00' } });
      const none = await t.app.inject({ method: 'GET', url: '/api/admin/planning.ics?token=quelconque' });
      expect(none.statusCode).toBe(403);
      expect(none.json()).toEqual({ error: 'forbidden', message: m.feedBadToken });
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/planning/agenda', headers: admin })).json()).toEqual({
        actif: false,
        creeLe: null,
      });

      const made = await t.app.inject({ method: 'POST', url: '/api/admin/planning/agenda', headers: admin });
      expect(made.statusCode).toBe(200);
      const url: string = made.json().url;
      expect(url.startsWith(`${PUBLIC_URL}/api/admin/planning.ics?token=`)).toBe(true);
      const token = new URL(url).searchParams.get('token')!;
      const stored = await t.app.database.db.selectFrom('planning_feed').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(token);

      const feed = await t.app.inject({ method: 'GET', url: `/api/admin/planning.ics?token=${token}` });
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const ics = feed.body.replace(/\r\n /g, '');
      expect(ics).toContain('BEGIN:VCALENDAR');
      // 08:30 in Paris on 1 December (winter time) is 07:30 UTC.
      expect(ics).toContain('DTSTART:20261201T073000Z');
      expect(ics).toContain('DTEND:20261201T090000Z');
      expect(ics).toContain('LOCATION:Lyon (69000)');
      expect(ics).toContain('Garage du Rhône – 04 78 00 00 00');
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/planning/agenda', headers: admin })).json().actif).toBe(true);

      // A new link: the old one stops working.
      await t.app.inject({ method: 'POST', url: '/api/admin/planning/agenda', headers: admin });
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/planning.ics?token=${token}` })).statusCode).toBe(403);
    });
  });
});
