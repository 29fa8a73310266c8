import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackingView } from '#domain/schemas/tracking.ts';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { completeInspection } from '#server/missions/test-factories.ts';
import { insertQuote } from '#server/quotes/back-office-test-factories.ts';
import { addressOf, buildTestApp, createAdmin, createCustomer, ENGINES, type TestApp } from '#server/test/helpers.ts';
import { enqueueSms } from '#server/outbox/outbox.ts';
import { readSms } from '#server/test/outbox.ts';

type Headers = Record<string, string>;

/** Points along Paris → Lyon (A6), the last one some 15 km before Lyon. */
const ROUTE = [
  { lat: 48.8566, lon: 2.3522 },
  { lat: 48.2, lon: 2.75 },
  { lat: 47.8, lon: 3.57 },
  { lat: 47.32, lon: 4.3 },
  { lat: 46.78, lon: 4.85 },
  { lat: 46.3, lon: 4.83 },
  { lat: 45.87, lon: 4.78 },
];
const position = (point: { lat: number; lon: number }, minute: number) => ({
  id: randomUUID(),
  ...point,
  precision: 12,
  prisLe: new Date(Date.UTC(2026, 11, 1, 8, minute)).toISOString(),
});

describe.each(ENGINES)('live tracking on %s', (engine) => {
  let t: TestApp;
  let admin: Headers;
  let customer: Awaited<ReturnType<typeof createCustomer>>;
  let other: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { OUTBOX_RETRY_BASE_MS: '0', RETENTION_INTERVAL_MINUTES: '600' } });
    admin = (await createAdmin(t)).headers;
    customer = await createCustomer(t, { name: 'Hélène Dupré' });
    other = await createCustomer(t, { name: 'Autre Client' });
  });
  afterAll(async () => {
    await t.close();
  });

  const mission = () =>
    insertQuote(t, {
      statut: 'en cours',
      uid: customer.id,
      email: customer.email,
      adresseDepart: '10 rue de Rivoli 75004 Paris',
      adresseArrivee: '5 place Bellecour 69002 Lyon',
      distanceKm: 465,
      clientDetails: { nom: 'Hélène Dupré', email: customer.email, telephone: '06 12 34 56 78', siret: '' },
      contactArrivee: { nom: 'Garage Bellecour', email: 'accueil@garage-bellecour.fr', telephone: '07 52 34 56 78' },
    });
  const send = (id: string, positions: object[], headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/missions/${id}/positions`, headers, payload: { positions } });
  const complete = (id: string, etape: 'prise-en-charge' | 'livraison') => completeInspection(t, admin, id, etape);
  const receiverView = (token: string) => t.app.inject({ method: 'GET', url: `/api/suivi/${token}` });
  const customerView = (id: string, headers: Headers = customer.headers!) =>
    t.app.inject({ method: 'GET', url: `/api/devis/${id}/suivi`, headers });

  /** Picks the mission up; returns the receiver's token, read from his text message. */
  async function pickUp(id: string, receiverPhone = '+33752345678'): Promise<string> {
    const before = new Set(readSms(t.dataDir).map((sms) => sms.id));
    expect((await complete(id, 'prise-en-charge')).statusCode).toBe(200);
    await t.outbox();
    const receiver = readSms(t.dataDir).find((sms) => !before.has(sms.id) && sms.to === receiverPhone && sms.tag === 'tracking-pickup-sms');
    const token = receiver?.text.match(/\/suivi\/([A-Za-z0-9_-]+)/)?.[1];
    if (!token)
      throw new Error(
        `no tracking link in the receiver’s text message: ${JSON.stringify(readSms(t.dataDir).filter((sms) => !before.has(sms.id)))} ${JSON.stringify(await t.app.database.db.selectFrom('outbox').select(['recipient', 'status', 'lastError', 'channel']).where('devisId', '=', id).execute())}`,
      );
    return token;
  }

  it('refuses positions before the pickup, after the delivery, and to a customer or a visitor', async () => {
    const quote = await mission();
    const batch = [position(ROUTE[0]!, 0)];
    const before = await send(quote.id, batch);
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe(k.positionsBeforePickup);
    expect((await send(quote.id, batch, customer.headers)).statusCode).toBe(403);
    expect((await send(quote.id, batch, {})).statusCode).toBe(401);
    const waiting = await insertQuote(t, { statut: 'envoyé', uid: customer.id, email: customer.email });
    expect((await send(waiting.id, batch)).statusCode).toBe(409);

    await pickUp(quote.id);
    expect((await send(quote.id, batch, customer.headers)).statusCode).toBe(403);
    expect((await send(quote.id, batch)).json()).toEqual({ enregistrees: 1 });
    expect((await complete(quote.id, 'livraison')).statusCode).toBe(200);
    const after = await send(quote.id, [position(ROUTE[1]!, 60)]);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(k.positionsAfterDelivery);
    // The batch sent again after a lost answer is still acknowledged, and stored once.
    expect((await send(quote.id, batch)).json()).toEqual({ enregistrees: 0 });
  });

  it('keeps the positions read before the delivery that arrive after it, and only those', async () => {
    const quote = await mission();
    await pickUp(quote.id);
    // Read in a tunnel before the delivery, sent once the phone has a signal again.
    const offline = [ROUTE[1]!, ROUTE[2]!].map((point) => ({ ...position(point, 0), prisLe: new Date().toISOString() }));
    expect((await complete(quote.id, 'livraison')).statusCode).toBe(200);
    const afterwards = position(ROUTE[3]!, 0);
    afterwards.prisLe = new Date(Date.now() + 60_000).toISOString();
    expect((await send(quote.id, [...offline, afterwards])).json()).toEqual({ enregistrees: 2 });
    const stored = await t.app.database.db.selectFrom('tracking_positions').select('id').where('devisId', '=', quote.id).execute();
    expect(stored.map((row) => row.id).sort()).toEqual(offline.map((row) => row.id).sort());
    const late = await send(quote.id, [afterwards]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(k.positionsAfterDelivery);
  });

  it('tells the receiver his link at pickup, by e-mail and SMS, and shows both the same view without personal data', async () => {
    const quote = await mission();
    const token = await pickUp(quote.id);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const mails = (await t.outbox()).filter((mail) => addressOf(mail) === 'accueil@garage-bellecour.fr');
    expect(mails.at(-1)?.text).toContain(`/suivi/${token}`);
    const sms = readSms(t.dataDir).filter((message) => message.text.includes(`/suivi/${token}`));
    expect(sms.map((message) => message.to).sort()).toEqual(['+33612345678', '+33752345678']);
    for (const message of sms) {
      expect(message.text).toContain(t.config.seller.tradeName);
      expect(message.segments).toBeLessThanOrEqual(2);
    }

    const waiting = (await receiverView(token)).json() as TrackingView;
    expect(waiting).toMatchObject({ statut: 'en attente', villeDepart: 'Paris', villeArrivee: 'Lyon', position: null });

    const etas: number[] = [];
    const kmLeft: number[] = [];
    for (const [index, point] of ROUTE.slice(0, 4).entries()) {
      expect((await send(quote.id, [position(point, index * 25)])).statusCode).toBe(200);
      const view = (await receiverView(token)).json() as TrackingView;
      expect(view.statut).toBe('en route');
      etas.push(new Date(view.arriveeEstimee!).getTime());
      kmLeft.push(view.kmRestants!);
    }
    expect(kmLeft).toEqual([...kmLeft].sort((a, b) => b - a));
    expect(etas[3]).toBeLessThan(etas[0]!);
    const view = (await receiverView(token)).json() as TrackingView;
    expect(view.ville).toBeTruthy();
    expect(view.kmParcourus! + view.kmRestants!).toBeGreaterThan(400);
    expect(view.trace.length).toBeGreaterThan(2);
    const text = JSON.stringify(view);
    for (const personal of ['Hélène', 'Dupré', customer.email, '06 12', 'Rivoli', 'Bellecour', 'prix'])
      expect(text).not.toContain(personal);

    expect((await customerView(quote.id)).json()).toEqual(view);
    expect((await customerView(quote.id, other.headers)).statusCode).toBe(404);
    expect((await customerView(quote.id, {})).statusCode).toBe(401);
  });

  it('stores a batch sent twice once, in the order the phone read it, and refuses an id of another mission', async () => {
    const quote = await mission();
    await pickUp(quote.id);
    const offline = [position(ROUTE[2]!, 80), position(ROUTE[1]!, 40)];
    expect((await send(quote.id, offline)).json()).toEqual({ enregistrees: 2 });
    expect((await send(quote.id, offline)).json()).toEqual({ enregistrees: 0 });
    const view = (await customerView(quote.id)).json() as TrackingView;
    // The last position is the last read (80 min), not the last received.
    expect(view.positionLe).toBe(offline[0]!.prisLe);

    const elsewhere = await mission();
    await pickUp(elsewhere.id);
    expect((await send(elsewhere.id, [offline[0]!])).statusCode).toBe(409);
  });

  it('sends the « about 30 minutes » e-mail and SMS once', async () => {
    const quote = await mission();
    await pickUp(quote.id);
    const before = new Set(readSms(t.dataDir).map((sms) => sms.id));
    await send(quote.id, [position(ROUTE[5]!, 150)]);
    await t.outbox();
    expect(readSms(t.dataDir).filter((sms) => !before.has(sms.id))).toHaveLength(0);
    await send(quote.id, [position(ROUTE[6]!, 210)]);
    await send(quote.id, [position({ lat: 45.8, lon: 4.83 }, 215)]);
    const mails = (await t.outbox()).filter((mail) => mail.subject === k.approachMailSubject(quote.numeroDevis));
    expect(mails.map(addressOf)).toEqual([customer.email]);
    const approach = readSms(t.dataDir).filter((sms) => !before.has(sms.id) && sms.tag === 'tracking-approach-sms');
    expect(approach.map((sms) => sms.to).sort()).toEqual(['+33612345678', '+33752345678']);
  });

  it('ends the link 24 hours after the delivery with the same 404 as a guessed token, and deletes the positions after the retention', async () => {
    const quote = await mission();
    const token = await pickUp(quote.id);
    await send(quote.id, [position(ROUTE[1]!, 10), position(ROUTE[2]!, 20)]);
    expect((await complete(quote.id, 'livraison')).statusCode).toBe(200);
    const delivered = (await receiverView(token)).json() as TrackingView;
    expect(delivered).toMatchObject({ statut: 'livré', position: null });

    const guessed = await receiverView('AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(guessed.statusCode).toBe(404);
    expect((await receiverView('court')).statusCode).toBe(400);
    const db = t.app.database.db;
    const dayAndMore = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await db.updateTable('tracking_links').set({ endedAt: dayAndMore }).where('devisId', '=', quote.id).execute();
    const expired = await receiverView(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(guessed.json());
    expect(expired.json().message).toBe(k.notFound);

    const count = async () =>
      Number(
        (
          await db
            .selectFrom('tracking_positions')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('devisId', '=', quote.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(2);
    const ended = new Date(dayAndMore).getTime();
    await t.app.tasks.runNow('tracking-retention', new Date(ended + 29 * 86_400_000));
    expect(await count()).toBe(2);
    await t.app.tasks.runNow('tracking-retention', new Date(ended + 31 * 86_400_000));
    expect(await count()).toBe(0);
  });

  it('puts the positions of his missions in the customer’s data export', async () => {
    const quote = await mission();
    await pickUp(quote.id);
    const sent = position(ROUTE[3]!, 5);
    await send(quote.id, [sent]);
    const exported = (await t.app.inject({ method: 'GET', url: '/api/comptes/mes-donnees', headers: customer.headers })).json();
    expect(exported.positionsSuivi).toContainEqual({
      numeroDevis: quote.numeroDevis,
      lat: sent.lat,
      lon: sent.lon,
      precision: 12,
      prisLe: sent.prisLe,
    });
    expect(exported.preferences).toEqual({ suiviParEmail: true, suiviParSms: true });
  });

  it('sends no SMS to a customer who turned them off', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/comptes/notifications',
      headers: other.headers,
      payload: { suiviParEmail: true, suiviParSms: false },
    });
    expect(put.json()).toEqual({ suiviParEmail: true, suiviParSms: false });
    const quote = await insertQuote(t, {
      statut: 'en cours',
      uid: other.id,
      email: other.email,
      adresseDepart: 'Paris',
      adresseArrivee: 'Lyon',
      clientDetails: { nom: 'Autre Client', email: other.email, telephone: '06 99 88 77 66', siret: '' },
      contactArrivee: { nom: 'Destinataire', email: '', telephone: '06 70 22 33 44' },
    });
    await pickUp(quote.id, '+33670223344');
    expect(readSms(t.dataDir).some((sms) => sms.to === '+33699887766')).toBe(false);
  });
});

describe.each(ENGINES)('text messages through Brevo on %s', (engine) => {
  const received: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  let failures: number[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const status = failures.shift();
      response.setHeader('content-type', 'application/json');
      if (status) {
        response.statusCode = status;
        response.end(JSON.stringify({ code: status === 402 ? 'not_enough_credits' : 'internal_error', message: 'refusé' }));
        return;
      }
      received.push({ headers: request.headers, body: JSON.parse(raw) as Record<string, unknown> });
      response.end(JSON.stringify({ reference: 'ref', messageId: 1511882900176220 + received.length, smsCount: 1 }));
    });
  });
  let t: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await buildTestApp(engine, {
      env: {
        SMS_PROVIDER: 'brevo',
        BREVO_API_KEY: 'xkeysib-test',
        BREVO_API_URL: `http://127.0.0.1:${port}/v3`,
        SMS_SENDER: 'Convoyage',
        OUTBOX_RETRY_BASE_MS: '0',
        OUTBOX_MAX_ATTEMPTS: '3',
        TRACKING_RETENTION_DAYS: '21',
      },
    });
    await t.app.outbox.stop();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the documented body with the api-key header, and retries a refusal without losing or doubling the message', async () => {
    failures = [500, 402];
    await enqueueSms(t.app.database.db, {
      kind: 'test-sms',
      to: '+33612345678',
      text: 'Convoyage Pro : votre véhicule arrive ; « suivi » ç’est là.',
    });
    for (let i = 0; i < 3; i += 1) await t.app.outbox.drain();
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['api-key']).toBe('xkeysib-test');
    expect(received[0]!.body).toEqual({
      sender: 'Convoyage',
      recipient: '33612345678',
      content: 'Convoyage Pro : votre véhicule arrive ; "suivi" c\'est là.',
      type: 'transactional',
      tag: 'test-sms',
      unicodeEnabled: false,
    });
    const row = await t.app.database.db.selectFrom('outbox').selectAll().where('channel', '=', 'sms').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('tells, on the privacy page and in the CGV, who sends the texts and how long the positions are kept', async () => {
    const { privacy } = (await t.app.inject({ url: '/api/config' })).json();
    expect(privacy.processors.sms).toBe('127.0.0.1');
    expect(privacy.retention.trackingDays).toBe(21);
    const cgv = (await t.app.inject({ url: '/api/cgv' })).json();
    expect(cgv.texte).toContain('Les positions sont supprimées 21 jours après la livraison.');
  });

  it('gives a message up after its last attempt and shows it in the back office’s « À faire », not as an e-mail', async () => {
    failures = [500, 500, 500];
    await enqueueSms(t.app.database.db, { kind: 'test-sms', to: '+33612345679', text: 'Essai' });
    for (let i = 0; i < 4; i += 1) await t.app.outbox.drain();
    expect(received.some((request) => request.body.recipient === '33612345679')).toBe(false);
    const admin = (await createAdmin(t)).headers;
    const aFaire = (await t.app.inject({ url: '/api/admin/a-faire', headers: admin })).json();
    expect(aFaire.elements).toContainEqual({
      type: 'sms-en-echec',
      nombre: 1,
      sms: [{ id: expect.any(String), destinataire: '+33612345679', devis: null }],
    });
    expect(aFaire.elements.map((item: { type: string }) => item.type)).not.toContain('emails-en-echec');
  });
});
