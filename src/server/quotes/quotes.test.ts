import { beforeAll, describe, expect, it } from 'vitest';
import { validCompletion, daysFromToday } from '#domain/schemas/devis-completion.fixture.ts';
import { STATUTS, type Statut } from '#domain/statuses.ts';
import { completionMessages as m, quoteApiMessages } from '#domain/texts/quotes.ts';
import { createAdmin, createCustomer, ENGINES, useTestApp, historyOf } from '#server/test/helpers.ts';
import { findQuoteById } from './repository.ts';
import { createQuoteInStatus, customerQuoteRoutes, putCompletion } from './test-factories.ts';

type Customer = Awaited<ReturnType<typeof createCustomer>>;

describe.each(ENGINES)('the customer quotes API on %s', (engine) => {
  const t = useTestApp(engine);
  let alice: Customer;
  let bob: Customer;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    alice = await createCustomer(t, { name: 'Alice Dupont' });
    bob = await createCustomer(t, { name: 'Bob Martin' });
    admin = await createAdmin(t);
  });

  const quoteOf = (customer: Customer, statut: Statut = 'en attente', overrides = {}) =>
    createQuoteInStatus(t.app.database, customer, statut, overrides);
  const readRow = (id: string) => findQuoteById(t.app.database.db, id);
  const historyCount = async (id: string) => (await historyOf(t, id)).length;

  const routesFor = customerQuoteRoutes;

  describe('who may ask', () => {
    it('tells a visitor to log in on every route, even with a bad body', async () => {
      const quote = await quoteOf(alice);
      const routes = [...routesFor(quote.id), { method: 'GET', url: '/api/devis' }, { method: 'GET', url: '/api/devis/archives' }] as const;
      for (const route of routes) {
        const response = await t.app.inject({ ...route, ...(route.method === 'PUT' ? { payload: { prix: 1 } } : {}) });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json()).toEqual({ error: 'unauthenticated', message: 'Vous devez être connecté pour effectuer cette action.' });
      }
      expect(await readRow(quote.id)).toEqual(quote);
    });

    it("answers 404 to another customer on every route for Alice's quote, in every status, and changes nothing", async () => {
      for (const statut of STATUTS) {
        const quote = await quoteOf(alice, statut);
        for (const route of routesFor(quote.id)) {
          const response = await t.app.inject({ ...route, headers: bob.headers });
          expect(response.statusCode, `${statut}: ${route.method} ${route.url}`).toBe(404);
          expect(response.json()).toEqual({ error: 'not_found', message: quoteApiMessages.notFound });
        }
        expect(await readRow(quote.id)).toEqual(quote);
      }
      const list = await t.app.inject({ url: '/api/devis', headers: bob.headers });
      expect(list.json().devis).toEqual([]);
      const archives = await t.app.inject({ url: '/api/devis/archives', headers: bob.headers });
      expect(archives.json().devis).toEqual([]);
    });

    it("does not show a customer's quote to the administrator through the customer API", async () => {
      const quote = await quoteOf(alice);
      for (const route of routesFor(quote.id)) {
        const response = await t.app.inject({ ...route, headers: admin.headers });
        expect(response.statusCode).toBe(404);
      }
      expect(await readRow(quote.id)).toEqual(quote);
    });

    it('answers 404 for an unknown quote', async () => {
      const response = await t.app.inject({ url: '/api/devis/nexiste-pas', headers: alice.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Devis introuvable.');
    });
  });

  describe('lists', () => {
    it('lists the active quotes newest first, without archived ones nor other customers', async () => {
      const carol = await createCustomer(t, { name: 'Carol' });
      const old = await quoteOf(carol, 'en attente', { dateSimulation: '2026-10-01T08:00:00.000Z' });
      const recent = await quoteOf(carol, 'confirmé', { dateSimulation: '2026-11-20T08:00:00.000Z' });
      await quoteOf(carol, 'archivé', { dateSimulation: '2026-11-21T08:00:00.000Z' });
      await quoteOf(alice, 'en attente', { dateSimulation: '2026-11-22T08:00:00.000Z' });
      const response = await t.app.inject({ url: '/api/devis', headers: carol.headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const devis = response.json().devis;
      expect(devis.map((d: { id: string }) => d.id)).toEqual([recent.id, old.id]);
      expect(devis[1]).toMatchObject({
        numeroDevis: old.numeroDevis,
        statut: 'en attente',
        prix: 418.5,
        adresseDepart: old.adresseDepart,
        archive: false,
      });
    });

    it('searches by route, number and date, ignoring accents and case', async () => {
      const dora = await createCustomer(t, { name: 'Dora' });
      const evry = await quoteOf(dora, 'en attente', {
        adresseDepart: '1 rue de l’Église, 91000 Évry',
        adresseArrivee: '3 quai de Saône, 69005 Lyon',
        dateSimulation: '2026-11-21T10:00:00.000Z',
      });
      const nice = await quoteOf(dora, 'en attente', {
        adresseDepart: '2 avenue Jean Médecin, 06000 Nice',
        adresseArrivee: '8 rue Sainte-Catherine, 33000 Bordeaux',
        // 23:30 UTC on 31 October is already 1 November in Paris.
        dateSimulation: '2026-10-31T23:30:00.000Z',
      });
      const search = async (q: string) => {
        const response = await t.app.inject({ url: `/api/devis?q=${encodeURIComponent(q)}`, headers: dora.headers });
        expect(response.statusCode).toBe(200);
        return response.json().devis.map((d: { id: string }) => d.id);
      };
      expect(await search('EVRY')).toEqual([evry.id]);
      expect(await search('eglise saone')).toEqual([evry.id]);
      expect(await search('évry bordeaux')).toEqual([]);
      expect(await search(String(nice.numeroDevis))).toContain(nice.id);
      expect(await search(`n°${nice.numeroDevis}`)).toContain(nice.id);
      expect(await search('21/11/2026')).toEqual([evry.id]);
      expect(await search('01/11/2026')).toEqual([nice.id]);
      expect(await search('11/2026')).toEqual([evry.id, nice.id]);
      expect(await search('10/2026')).toEqual([]);
      expect(await search('   ')).toEqual([evry.id, nice.id]);
    });

    it('lists the archived quotes by number, and only those', async () => {
      const eve = await createCustomer(t, { name: 'Eve' });
      const first = await quoteOf(eve, 'archivé', { dateSimulation: '2026-11-20T08:00:00.000Z' });
      await quoteOf(eve, 'en attente');
      const second = await quoteOf(eve, 'archivé', { dateSimulation: '2026-01-01T08:00:00.000Z' });
      const response = await t.app.inject({ url: '/api/devis/archives', headers: eve.headers });
      expect(response.json().devis.map((d: { numeroDevis: number }) => d.numeroDevis)).toEqual([first.numeroDevis, second.numeroDevis]);
      expect(response.json().devis[0]).toMatchObject({ statut: 'archivé', archive: true });
    });

    it('shows one quote with its status history', async () => {
      const quote = await quoteOf(alice, 'confirmé');
      const response = await t.app.inject({ url: `/api/devis/${quote.id}`, headers: alice.headers });
      expect(response.statusCode).toBe(200);
      const devis = response.json();
      expect(devis).toMatchObject({ id: quote.id, statut: 'confirmé', devisSigneURL: null });
      expect(devis.historique.map((h: { toStatut: string }) => h.toStatut)).toEqual([
        'en attente',
        'en attente de confirmation',
        'confirmé',
      ]);
    });
  });

  describe('transitions', () => {
    // The customer's column of the transition table (spec section 4), written out.
    const allowed: Record<'complete' | 'archive' | 'restore' | 'delete', Statut[]> = {
      complete: ['en attente'],
      archive: ['en attente'],
      restore: ['archivé'],
      delete: ['en attente', 'archivé'],
    };
    const requests = {
      complete: (id: string) => ({ method: 'PUT', url: `/api/devis/${id}/completer`, payload: validCompletion() }),
      archive: (id: string) => ({ method: 'POST', url: `/api/devis/${id}/archiver` }),
      restore: (id: string) => ({ method: 'POST', url: `/api/devis/${id}/restaurer` }),
      delete: (id: string) => ({ method: 'DELETE', url: `/api/devis/${id}` }),
    } as const;
    const refusals = {
      complete: quoteApiMessages.cannotComplete,
      archive: quoteApiMessages.cannotArchive,
      restore: quoteApiMessages.cannotRestore,
      delete: quoteApiMessages.cannotDelete,
    };

    for (const action of ['complete', 'archive', 'restore', 'delete'] as const) {
      it(`lets the owner ${action} only from ${allowed[action].join(' or ')}, and answers 409 in French otherwise`, async () => {
        for (const statut of STATUTS) {
          const quote = await quoteOf(alice, statut);
          const response = await t.app.inject({ ...requests[action](quote.id), headers: alice.headers });
          if (!allowed[action].includes(statut)) {
            expect(response.statusCode, `${action} from ${statut}`).toBe(409);
            expect(response.json()).toEqual({ error: 'conflict', message: refusals[action] });
            expect(await readRow(quote.id)).toEqual(quote);
            continue;
          }
          const row = await readRow(quote.id);
          if (action === 'delete') {
            expect(response.statusCode, `${action} from ${statut}`).toBe(204);
            expect(row).toBeUndefined();
            expect(await historyCount(quote.id)).toBe(0);
            continue;
          }
          expect(response.statusCode, `${action} from ${statut}`).toBe(200);
          const expected = { complete: ['en attente de confirmation', 0], archive: ['archivé', 1], restore: ['en attente', 0] }[action];
          expect(row).toMatchObject({ statut: expected[0], archive: expected[1] });
          expect(response.json()).toMatchObject({ statut: expected[0], archive: expected[1] === 1 });
          expect((await historyOf(t, quote.id)).at(-1)).toMatchObject({
            fromStatut: statut,
            toStatut: expected[0],
            byRole: 'customer',
            byUserId: alice.id,
          });
        }
      });
    }

    it('applies only one of two simultaneous archive requests', async () => {
      const quote = await quoteOf(alice);
      const [first, second] = await Promise.all([
        t.app.inject({ method: 'POST', url: `/api/devis/${quote.id}/archiver`, headers: alice.headers }),
        t.app.inject({ method: 'POST', url: `/api/devis/${quote.id}/archiver`, headers: alice.headers }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      expect(await historyCount(quote.id)).toBe(2);
    });
  });

  describe('completion', () => {
    it('stores every field, normalised, and moves the quote to en attente de confirmation', async () => {
      const quote = await quoteOf(alice);
      const payload = validCompletion();
      const response = await putCompletion(t, quote.id, alice.headers, payload);
      expect(response.statusCode).toBe(200);
      const devis = response.json();
      expect(devis).toMatchObject({
        statut: 'en attente de confirmation',
        clientType: 'entreprise',
        clientDetails: { nom: 'Garage Müller', email: 'contact@garage-muller.fr', telephone: '06 12 34 56 78', siret: '73282932000074' },
        contactDepart: payload.contactDepart,
        contactArrivee: payload.contactArrivee,
        priseInfo: payload.priseInfo,
        livraisonInfo: payload.livraisonInfo,
        datePriseEnCharge: { start: `${payload.priseInfo.datePriseEnCharge}T08:00`, end: `${payload.priseInfo.datePriseEnCharge}T10:30` },
        infosVehicule: {
          immatriculation: 'AB-123-CD',
          plaqueEtrangere: false,
          marque: 'Renault',
          modele: 'Clio V',
          chassis: 'VF1RFB00X56789012',
          motorisation: 'essence',
        },
        options: payload.options,
        typeConvoyage: 'Livraison',
        commentaire: payload.commentaire,
        // What the customer cannot touch stays as it was.
        prix: 418.5,
        numeroDevis: quote.numeroDevis,
        uid: alice.id,
        email: alice.email,
      });
      const detail = await t.app.inject({ url: `/api/devis/${quote.id}`, headers: alice.headers });
      expect(detail.json()).toMatchObject({ statut: 'en attente de confirmation', infosVehicule: { immatriculation: 'AB-123-CD' } });
    });

    it('keeps no SIRET for a particulier and accepts a foreign plate as typed', async () => {
      const quote = await quoteOf(alice);
      const base = validCompletion();
      const payload = {
        ...base,
        clientType: 'particulier' as const,
        clientDetails: { nom: 'Alice Dupont', email: 'alice@exemple.fr', telephone: '0612345678' },
        infosVehicule: { ...base.infosVehicule, immatriculation: 'B-MW 1234', plaqueEtrangere: true, chassis: '' },
        commentaire: '',
      };
      const response = await putCompletion(t, quote.id, alice.headers, payload);
      expect(response.statusCode).toBe(200);
      const row = await readRow(quote.id);
      expect(row!.clientDetails).toEqual({ nom: 'Alice Dupont', email: 'alice@exemple.fr', telephone: '0612345678' });
      expect(row!.infosVehicule).toMatchObject({ immatriculation: 'B-MW 1234', plaqueEtrangere: true });
      expect(row!.commentaire).toBeNull();
    });

    const base = validCompletion();
    /** The valid completion with some fields of one of its parts changed. */
    const changedIn = (part: keyof typeof base, patch: Record<string, unknown>) => ({
      ...base,
      [part]: { ...(base[part] as object), ...patch },
    });
    const invalid: { name: string; payload: unknown; path: string; message: string }[] = [
      {
        name: 'a bad SIRET',
        payload: changedIn('clientDetails', { siret: '73282932000075' }),
        path: 'clientDetails.siret',
        message: m.siretInvalid,
      },
      {
        name: 'a company without SIRET',
        payload: changedIn('clientDetails', { siret: '' }),
        path: 'clientDetails.siret',
        message: m.siretRequired,
      },
      {
        name: 'an end before the start',
        payload: changedIn('priseInfo', { debut: '12:00', fin: '09:00' }),
        path: 'priseInfo.fin',
        message: m.endAfterStart,
      },
      { name: 'an unknown slot', payload: changedIn('livraisonInfo', { fin: '18:45' }), path: 'livraisonInfo.fin', message: m.slot },
      {
        name: 'an unknown engine',
        payload: changedIn('infosVehicule', { motorisation: 'nucleaire' }),
        path: 'infosVehicule.motorisation',
        message: m.motorisation,
      },
      { name: 'an oversized comment', payload: { ...base, commentaire: 'x'.repeat(2001) }, path: 'commentaire', message: m.tooLong(2000) },
      {
        name: 'an oversized name',
        payload: changedIn('contactArrivee', { nom: 'x'.repeat(5000) }),
        path: 'contactArrivee.nom',
        message: m.tooLong(100),
      },
      { name: 'a price', payload: { ...base, prix: 1 }, path: '', message: m.unknownField('prix') },
      { name: 'a status', payload: { ...base, statut: 'confirmé' }, path: '', message: m.unknownField('statut') },
      {
        name: 'an owner, a number and an e-mail',
        payload: { ...base, uid: 'x', numeroDevis: 1, email: 'x@exemple.fr' },
        path: '',
        message: m.unknownField('uid, numeroDevis, email'),
      },
      {
        name: 'a delivery before the pickup',
        payload: changedIn('livraisonInfo', { dateLivraisonSouhaitee: daysFromToday(3) }),
        path: 'livraisonInfo.dateLivraisonSouhaitee',
        message: m.deliveryBeforePickup,
      },
      {
        name: 'a date in the past',
        payload: changedIn('priseInfo', { datePriseEnCharge: daysFromToday(-2) }),
        path: 'priseInfo.datePriseEnCharge',
        message: m.dateInPast,
      },
      {
        name: 'a bad French plate',
        payload: changedIn('infosVehicule', { immatriculation: 'AB-12-CD' }),
        path: 'infosVehicule.immatriculation',
        message: m.plate,
      },
      { name: 'an unknown washing', payload: changedIn('options', { lavage: 'premium' }), path: 'options.lavage', message: m.lavage },
      { name: 'an unknown convoy type', payload: { ...base, typeConvoyage: 'Vol' }, path: 'typeConvoyage', message: m.typeConvoyage },
    ];

    for (const { name, payload, path, message } of invalid) {
      it(`refuses ${name} with a French message and changes nothing`, async () => {
        const quote = await quoteOf(alice);
        const response = await putCompletion(t, quote.id, alice.headers, payload as object);
        expect(response.statusCode).toBe(400);
        const body = response.json();
        expect(body).toMatchObject({ error: 'validation', message: 'Les données envoyées sont invalides.' });
        expect(body.details).toContainEqual({ path, message });
        expect(await readRow(quote.id)).toEqual(quote);
        expect(await historyCount(quote.id)).toBe(1);
      });
    }

    it('refuses a body that is not an object', async () => {
      const quote = await quoteOf(alice);
      const response = await putCompletion(t, quote.id, alice.headers, [] as unknown as object);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation');
      expect(await readRow(quote.id)).toEqual(quote);
    });
  });

  it('documents every customer route in OpenAPI with French summaries', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    const operations = [
      spec.paths['/api/devis'].get,
      spec.paths['/api/devis/archives'].get,
      spec.paths['/api/devis/{id}'].get,
      spec.paths['/api/devis/{id}'].delete,
      spec.paths['/api/devis/{id}/completer'].put,
      spec.paths['/api/devis/{id}/archiver'].post,
      spec.paths['/api/devis/{id}/restaurer'].post,
    ];
    for (const operation of operations) {
      expect(operation.tags).toEqual(['devis']);
      expect(operation.summary).toMatch(/devis/i);
    }
    const body = spec.paths['/api/devis/{id}/completer'].put.requestBody.content['application/json'].schema;
    expect(body.additionalProperties).toBe(false);
    expect(Object.keys(body.properties)).toContain('infosVehicule');
  });
});
