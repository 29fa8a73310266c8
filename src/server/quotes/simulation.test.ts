import { describe, expect, it } from 'vitest';
import { estimatePrice } from '#domain/pricing.ts';
import { texts } from '#domain/texts/common.ts';
import { quoteApiMessages } from '#domain/texts/quotes.ts';
import { simulateQuote, storedQuote } from '#server/quotes/test-factories.ts';
import { sendJson, startFakeService } from '#server/test/fake-service.ts';
import { buildTestApp, countQuotes, createCustomer, ENGINES, useTestApp, type TestApp } from '#server/test/helpers.ts';

const PARIS_LYON = { adresseDepart: '10 rue de Rivoli, 75001 Paris', adresseArrivee: '69002 Lyon', typeVehicule: 'Citadine' };

describe.each(ENGINES)('addresses, distance and simulation on %s', (engine) => {
  const t = useTestApp(engine);

  it('suggests at most 8 addresses with postcode, city and coordinates', async () => {
    const response = await t.app.inject('/api/adresses?q=saint%20etienne');
    expect(response.statusCode).toBe(200);
    const suggestions = response.json();
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    expect(suggestions[0]).toMatchObject({ city: expect.stringMatching(/Saint-[ÉE]tienne/), postcode: expect.stringMatching(/^\d{5}$/) });
    expect(typeof suggestions[0].lat).toBe('number');
    expect((await t.app.inject('/api/adresses?q=a')).json()).toEqual([]);
    const tooLong = await t.app.inject(`/api/adresses?q=${'x'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('validation');
  });

  it('answers the road distance between two French addresses', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/getDistance', payload: { depart: ' Paris ', arrivee: 'Lyon' } });
    expect(response.statusCode).toBe(200);
    const { distanceKm } = response.json();
    expect(distanceKm).toBeGreaterThan(465 * 0.88);
    expect(distanceKm).toBeLessThan(465 * 1.12);
  });

  it('refuses an address that leads nowhere, or the same place twice, with the spec message', async () => {
    for (const payload of [
      { depart: 'Zzyzxville inexistante', arrivee: 'Lyon' },
      { depart: 'Lyon', arrivee: 'Lyon' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/getDistance', payload });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(texts.simulatorFailure);
    }
  });

  it.each([
    ['empty addresses', { depart: '', arrivee: '' }],
    ['10 000 characters', { depart: 'x'.repeat(10_000), arrivee: 'Lyon' }],
    ['control characters', { depart: 'Paris\u0000', arrivee: 'Lyon' }],
    ['wrong types', { depart: 12, arrivee: ['Lyon'] }],
    ['extra fields', { depart: 'Paris', arrivee: 'Lyon', prix: 1 }],
  ])('refuses %s with a 400 and a French message', async (_name, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/getDistance', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation', message: expect.stringMatching(/[éèàç]|invalides|Veuillez/) });
  });

  it('gives a visitor the price without saving anything', async () => {
    const before = await countQuotes(t);
    const response = await simulateQuote(t, PARIS_LYON);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.prix).toBe(estimatePrice('Citadine', result.distanceKm));
    expect(result.devis).toBeNull();
    expect(await countQuotes(t)).toBe(before);
  });

  it("saves a logged-in customer's simulation as a quote en attente with the next number", async () => {
    const customer = await createCustomer(t);
    const response = await simulateQuote(t, PARIS_LYON, customer.headers);
    expect(response.statusCode).toBe(200);
    const { devis, prix, distanceKm } = response.json();
    const row = await storedQuote(t, devis.id);
    expect(row).toMatchObject({
      uid: customer.id,
      email: customer.email,
      statut: 'en attente',
      adresseDepart: PARIS_LYON.adresseDepart,
      typeVehicule: 'Citadine',
      distanceKm,
      prixCentimes: prix * 100,
      numeroDevis: devis.numeroDevis,
    });
    expect(new Date(row.dateSimulation).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives no price and saves nothing over 1200 km', async () => {
    const customer = await createCustomer(t);
    const before = await countQuotes(t);
    const response = await simulateQuote(
      t,
      { adresseDepart: 'Brest', adresseArrivee: 'Menton', typeVehicule: 'Berline' },
      customer.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ prix: null, devis: null });
    expect(response.json().distanceKm).toBeGreaterThan(1200);
    expect(await countQuotes(t)).toBe(before);
  });

  it('refuses an unknown vehicle type and saves nothing', async () => {
    const customer = await createCustomer(t);
    const before = await countQuotes(t);
    const response = await simulateQuote(t, { ...PARIS_LYON, typeVehicule: 'Tracteur' }, customer.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation');
    expect(await countQuotes(t)).toBe(before);
  });

  it('numbers 500 simultaneous simulations by 20 customers with distinct consecutive numbers', async () => {
    const customers = await Promise.all(Array.from({ length: 20 }, () => createCustomer(t)));
    const before = await t.app.database.db.selectFrom('devis_counter').select('value').executeTakeFirstOrThrow();
    const responses = await Promise.all(Array.from({ length: 500 }, (_, i) => simulateQuote(t, PARIS_LYON, customers[i % 20]!.headers)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const numbers = responses.map((response) => response.json().devis.numeroDevis as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(500);
    expect(numbers[0]).toBe(before.value + 1);
    expect(numbers[499]).toBe(before.value + 500);
    const perCustomer = await t.app.database.db
      .selectFrom('devis')
      .select(['uid', (eb) => eb.fn.countAll<number>().as('n')])
      .where('numeroDevis', '>', before.value)
      .groupBy('uid')
      .execute();
    expect(perCustomer).toHaveLength(20);
    expect(perCustomer.every((row) => Number(row.n) === 25)).toBe(true);
    // 520 requests: a loaded machine needs more than the default time, never a different answer.
  }, 120_000);
});

describe('a failing distance service', () => {
  it('answers 503 with a French message instead of a 500', async () => {
    const t = await buildTestApp('sqlite', { env: { ROUTER: 'osrm', OSRM_URL: 'http://127.0.0.1:9' } });
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/getDistance', payload: { depart: 'Paris', arrivee: 'Lyon' } });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/momentanément indisponible/);
    } finally {
      await t.close();
    }
  });
});

describe('ROUTER=geoplateforme', () => {
  it('prices the real road distance from the IGN itinerary service, the offline estimate when it is down', async () => {
    let answer: 'route' | 'no-route' = 'route';
    const ign = await startFakeService((_req, res) =>
      answer === 'route'
        ? sendJson(res, 200, { resource: 'bdtopo-osrm', distance: 463.8, distanceUnit: 'kilometer' })
        : sendJson(res, 404, { error: { errorType: 404, message: 'No route found' } }),
    );
    const t = await buildTestApp('sqlite', {
      env: { ROUTER: 'geoplateforme', GEOPLATEFORME_ROUTING_URL: `${ign.baseUrl}/navigation/itineraire` },
    });
    const offline = await buildTestApp('sqlite');
    const ask = (app: TestApp, depart: string) =>
      app.app.inject({ method: 'POST', url: '/api/getDistance', payload: { depart, arrivee: 'Lyon' } });
    try {
      const response = await ask(t, 'Paris');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ distanceKm: 464 });
      const params = new URL(ign.requests[0]!.url, ign.baseUrl).searchParams;
      expect(params.get('resource')).toBe('bdtopo-osrm');

      answer = 'no-route';
      const refused = await ask(t, 'Marseille');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(texts.simulatorFailure);

      await ign.close();
      const fallback = await ask(t, 'Dijon 21000');
      expect(fallback.statusCode).toBe(200);
      expect(fallback.json()).toEqual((await ask(offline, 'Dijon 21000')).json());
    } finally {
      await ign.close();
      await t.close();
      await offline.close();
    }
  });
});

describe('the public rate limit', () => {
  it('answers 429 in French once a client has used its simulations for the minute', async () => {
    const t = await buildTestApp('sqlite', { env: { PUBLIC_RATE_LIMIT: '3' } });
    try {
      const visitor = { 'x-forwarded-for': '192.0.2.50' };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await simulateQuote(t, PARIS_LYON, visitor)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/getDistance',
        payload: { depart: 'Paris', arrivee: 'Lyon' },
        headers: visitor,
      });
      expect(refused.statusCode).toBe(200);
      const last = await simulateQuote(t, PARIS_LYON, visitor);
      expect(last.statusCode).toBe(429);
      expect(last.json()).toMatchObject({
        error: 'rate_limited',
        message: expect.stringMatching(/^Trop de demandes\. Veuillez patienter \d+ secondes/),
      });
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not affected.
      const other = await simulateQuote(t, PARIS_LYON, { 'x-forwarded-for': '192.0.2.51' });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe.each(ENGINES)('the daily limit of saved quotes on %s', (engine) => {
  it('refuses, in French and writing nothing, the simulation that would save one quote too many', async () => {
    const t = await buildTestApp(engine, { env: { DAILY_QUOTE_LIMIT: '3' } });
    try {
      const customer = await createCustomer(t);
      const counter = async () => (await t.app.database.db.selectFrom('devis_counter').select('value').executeTakeFirstOrThrow()).value;
      // Four at once: the limit holds even when the requests race.
      const responses = await Promise.all(Array.from({ length: 4 }, () => simulateQuote(t, PARIS_LYON, customer.headers)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 429]);
      const refused = responses.find((response) => response.statusCode === 429)!;
      expect(refused.json()).toEqual({ error: 'rate_limited', message: quoteApiMessages.dailyLimitReached(3) });
      expect(await countQuotes(t)).toBe(3);
      // The refused request took no number: the next customer's quote follows on.
      expect(await counter()).toBe(3);
      const other = await createCustomer(t);
      const next = await simulateQuote(t, PARIS_LYON, other.headers);
      expect(next.json().devis.numeroDevis).toBe(4);
      // A visitor's simulation saves nothing and is never limited this way.
      const visitor = await simulateQuote(t, PARIS_LYON);
      expect(visitor.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
