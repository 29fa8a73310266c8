import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Statut } from '#domain/statuses.ts';
import { privacyTexts as p } from '#domain/texts/privacy.ts';
import { addProfile, issuedThroughService, missionQuote } from '#server/invoices/test-factories.ts';
import { setAccountTwoFactor } from '#server/cli/admin.ts';
import { createQuoteInStatus, storedQuote } from '#server/quotes/test-factories.ts';
import {
  ADMIN_TOTP_SECRET,
  addressOf,
  createAdmin,
  createCustomer,
  ENGINES,
  PUBLIC_URL,
  signIn,
  type TestApp,
  useTestApp,
} from '#server/test/helpers.ts';
import { cityOf } from './service.ts';

type Customer = Awaited<ReturnType<typeof createCustomer>>;

async function customerWithProfile(t: TestApp, name: string): Promise<Customer> {
  const customer = await createCustomer(t, { name });
  await addProfile(t, customer);
  return customer;
}

/** A quote en attente with everything a customer fills in: contacts, slots with names, plate, comment. */
function detailedQuote(t: TestApp, customer: Customer, statut: Statut = 'en attente', overrides: object = {}) {
  return createQuoteInStatus(t.app.database, customer, statut, {
    adresseDepart: '10 rue de Rivoli, 75001 Paris',
    adresseArrivee: '5 place Bellecour, 69002 Lyon',
    clientType: 'particulier',
    clientDetails: { nom: customer.name, email: customer.email, telephone: '0611223344' },
    contactDepart: { nom: 'Voisin Départ', email: 'depart@exemple.fr', telephone: '0699887766' },
    contactArrivee: { nom: 'Cousin Arrivée', email: 'arrivee@exemple.fr', telephone: '0655443322' },
    priseInfo: { datePriseEnCharge: '2026-12-01', debut: '08:00', fin: '10:00', nom: 'Voisin Départ', telephone: '0699887766' },
    livraisonInfo: { dateLivraisonSouhaitee: '2026-12-02', debut: '14:00', fin: '16:00', nom: 'Cousin Arrivée', telephone: '0655443322' },
    infosVehicule: {
      immatriculation: 'AB-123-CD',
      marque: 'Renault',
      modele: 'Clio',
      chassis: 'VF1RJA00012345678',
      motorisation: 'essence',
    },
    options: { documentation: false, lavage: '', sansCarburant: false, wGarage: false },
    commentaire: 'Code du portail 1234, clés chez la gardienne',
    ...overrides,
  });
}

const deleteAccount = (t: TestApp, headers: Customer['headers'], motDePasse: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/comptes/moi', headers, payload: { motDePasse } });

async function sessionsOf(t: TestApp, userId: string) {
  const { rows } = await sql<{
    token: string;
  }>`select ${sql.ref('token')} from ${sql.table('session')} where ${sql.ref('userId')} = ${userId}`.execute(t.app.database.db);
  return rows;
}

describe('cityOf keeps the town of an address, not the street', () => {
  it.each([
    ['12 rue de la République, 69002 Lyon', '69002 Lyon'],
    ['12 Rue de la République 69002 Lyon', '69002 Lyon'],
    ['Villeurbanne (69100)', 'Villeurbanne (69100)'],
    ['Lyon', 'Lyon'],
    ['3 chemin des Vignes, Saint-Émilion', 'Saint-Émilion'],
  ])('%s → %s', (address, city) => {
    expect(cityOf(address)).toBe(city);
  });
});

describe.each(ENGINES)('customers’ rights on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: { cookie: string; origin: string };
  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
  });

  describe('GET /api/comptes/mes-donnees', () => {
    it('downloads everything held about the account as a dated JSON attachment, without another account’s data or any secret', async () => {
      const alice = await customerWithProfile(t, 'Alice Martin');
      const bob = await customerWithProfile(t, 'Bob Durand');
      const waiting = await detailedQuote(t, alice);
      const invoiceId = await issuedThroughService(t, alice);
      const invoice = await t.app.database.db.selectFrom('factures').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
      const bobsQuote = await detailedQuote(t, bob, 'en attente', { commentaire: 'Secret de Bob' });
      await t.outbox();

      const response = await t.app.inject({ method: 'GET', url: '/api/comptes/mes-donnees', headers: alice.headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="mes-donnees-convoyage-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const data = JSON.parse(response.body);

      expect(data.compte).toMatchObject({ id: alice.id, email: alice.email, nom: 'Alice Martin', emailVerifie: true });
      expect(data.profil).toMatchObject({
        uid: alice.id,
        nom: 'Alice Martin',
        adresse: '3 place Bellecour, 69002 Lyon',
        telephone: '0612345678',
      });
      const numbers = data.devis.map((quote: { numeroDevis: number }) => quote.numeroDevis);
      expect(numbers).toContain(waiting.numeroDevis);
      expect(numbers).toContain(invoice.numeroDevis);
      const waitingExport = data.devis.find((quote: { id: string }) => quote.id === waiting.id);
      expect(waitingExport.commentaire).toBe('Code du portail 1234, clés chez la gardienne');
      expect(waitingExport.contactDepart.nom).toBe('Voisin Départ');
      expect(waitingExport.historique.length).toBeGreaterThan(0);
      const finished = data.devis.find((quote: { numeroDevis: number }) => quote.numeroDevis === invoice.numeroDevis);
      expect(finished.historique.map((entry: { toStatut: string }) => entry.toStatut)).toContain('terminé');
      expect(data.factures).toEqual([
        expect.objectContaining({ numero: invoice.numero, type: 'facture', totalCentimes: invoice.totalCentimes }),
      ]);
      expect(data.factures[0].lignes.length).toBeGreaterThan(0);
      expect(data.documents).toContainEqual(expect.objectContaining({ type: p.documentKinds.facture, nom: `${invoice.numero}.pdf` }));
      expect(data.sessions.length).toBeGreaterThan(0);
      expect(data.doubleAuthentification).toEqual({ active: false });
      // The journal's entries about him: his sign-ins with his IP; the administrator's actions without the administrator's.
      expect(data.journal).toContainEqual(expect.objectContaining({ evenement: 'auth.sign_in' }));
      for (const entry of data.journal.filter((e: { evenement: string }) => !e.evenement.startsWith('auth.'))) {
        expect(entry.adresseIp).toBeNull();
      }
      expect(data.emails).toContainEqual(expect.objectContaining({ numeroDevis: invoice.numeroDevis, statut: 'sent' }));

      // Nothing of Bob's.
      expect(response.body).not.toContain(bob.email);
      expect(response.body).not.toContain(bob.id);
      expect(response.body).not.toContain('Secret de Bob');
      expect(numbers).not.toContain(bobsQuote.numeroDevis);
      // No secret: neither the password hash nor any session token, under any name.
      const account = await t.app.database.db
        .selectFrom('account')
        .select('password')
        .where('userId', '=', alice.id)
        .executeTakeFirstOrThrow();
      expect(response.body).not.toContain(account.password!);
      for (const session of await sessionsOf(t, alice.id)) expect(response.body).not.toContain(session.token);
      expect(response.body).not.toMatch(/"(password|motDePasse|token)"/i);
    });

    it('gives an account with no quote, invoice nor mission its export, with empty lists', async () => {
      const newcomer = await customerWithProfile(t, 'Nora Petit');
      const response = await t.app.inject({ method: 'GET', url: '/api/comptes/mes-donnees', headers: newcomer.headers });
      expect(response.statusCode).toBe(200);
      const data = JSON.parse(response.body);
      expect(data.profil).toMatchObject({ uid: newcomer.id, nom: 'Nora Petit' });
      expect([data.devis, data.factures, data.documents]).toEqual([[], [], []]);
    });

    it('is refused to a visitor', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/comptes/mes-donnees', headers: { origin: PUBLIC_URL } });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('DELETE /api/comptes/moi', () => {
    it('refuses a wrong password with a clear message and changes nothing', async () => {
      const customer = await customerWithProfile(t, 'Claire Petit');
      const quote = await detailedQuote(t, customer);
      const response = await deleteAccount(t, customer.headers, 'pas-le-bon-mot-de-passe');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'wrong_password', message: p.wrongPassword });
      expect(await t.app.database.db.selectFrom('user').select('id').where('id', '=', customer.id).executeTakeFirst()).toBeDefined();
      const after = await storedQuote(t, quote.id);
      expect(after.uid).toBe(customer.id);
      expect(after.commentaire).toBe(quote.commentaire);
    });

    it('stops guessing: after 5 wrong passwords even the right one waits', async () => {
      const customer = await customerWithProfile(t, 'Denis Roux');
      for (let i = 0; i < 5; i += 1) expect((await deleteAccount(t, customer.headers, `faux-${i}-mot-de-passe`)).statusCode).toBe(403);
      const blocked = await deleteAccount(t, customer.headers, customer.password);
      expect(blocked.statusCode).toBe(429);
      expect(await t.app.database.db.selectFrom('user').select('id').where('id', '=', customer.id).executeTakeFirst()).toBeDefined();
    });

    it.each<Statut>(['envoyé', 'en cours'])('refuses while a quote is %s, naming it, and changes nothing', async (statut) => {
      const customer = await customerWithProfile(t, 'Emma Blanc');
      const other = await detailedQuote(t, customer);
      const blocking = await detailedQuote(t, customer, statut);
      const response = await deleteAccount(t, customer.headers, customer.password);
      expect(response.statusCode).toBe(409);
      const body = response.json();
      expect(body.error).toBe('active_quotes');
      expect(body.message).toBe(p.activeQuotes([{ numeroDevis: blocking.numeroDevis, statut: statut as 'envoyé' | 'en cours' }]));
      expect(body.message).toContain(`devis n° ${blocking.numeroDevis}`);
      expect(await t.app.database.db.selectFrom('user').select('id').where('id', '=', customer.id).executeTakeFirst()).toBeDefined();
      const untouched = await storedQuote(t, other.id);
      expect(untouched.commentaire).toBe(other.commentaire);
      expect(await sessionsOf(t, customer.id)).not.toHaveLength(0);
    });

    it('refuses the administrator', async () => {
      const response = await deleteAccount(t, admin, 'admin-mot-de-passe');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'forbidden', message: p.adminCannotBeDeleted });
    });

    it('refuses a visitor and a payload without password', async () => {
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/comptes/moi', headers: { origin: PUBLIC_URL }, payload: { motDePasse: 'x' } }))
          .statusCode,
      ).toBe(401);
      const customer = await customerWithProfile(t, 'Fabien Noir');
      const response = await t.app.inject({ method: 'DELETE', url: '/api/comptes/moi', headers: customer.headers, payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation');
    });

    it('deletes the account, anonymises the quotes, keeps the invoices as they are, and sends a last e-mail', async () => {
      const db = t.app.database.db;
      const customer = await customerWithProfile(t, 'Gaëlle Morel');
      // A second factor, set up from the server's shell (which ends his sessions), then two
      // sessions opened with it.
      await setAccountTwoFactor({ email: customer.email, action: { secret: ADMIN_TOTP_SECRET }, env: t.env });
      const firstSession = await signIn(t, customer.email, customer.password, true, ADMIN_TOTP_SECRET);
      const secondSession = await signIn(t, customer.email, customer.password, false, ADMIN_TOTP_SECRET);
      const bystander = await customerWithProfile(t, 'Hugo Leroy');
      const bystanderQuote = await detailedQuote(t, bystander);
      // A quote never confirmed, one archived whose offer PDF was sent but never signed, and a finished, invoiced mission.
      const waiting = await detailedQuote(t, customer);
      const offerKey = `devis-envoyes/offre-${customer.id}.pdf`;
      await t.app.fileStore.put(offerKey, Buffer.from('%PDF-1.4 offre\n%%EOF'), 'application/pdf');
      const archived = await detailedQuote(t, customer, 'archivé', { sentPdfKey: offerKey, sentPdfSha256: 'b'.repeat(64) });
      const invoiceId = await issuedThroughService(t, customer);
      const invoiceBefore = await db.selectFrom('factures').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
      const linesBefore = await db.selectFrom('facture_lignes').selectAll().where('factureId', '=', invoiceId).execute();
      const finishedBefore = await storedQuote(t, invoiceBefore.devisId);
      await db
        .insertInto('notification_preferences')
        .values({ uid: customer.id, statusUpdates: 0, updatedAt: new Date().toISOString() })
        .execute();
      await sql`insert into ${sql.table('verification')} (${sql.ref('id')}, ${sql.ref('identifier')}, ${sql.ref('value')}, ${sql.ref('expiresAt')}, ${sql.ref(
        'createdAt',
      )}, ${sql.ref('updatedAt')}) values (${`v-${customer.id}`}, ${'reset-password:jeton'}, ${customer.id}, ${new Date(Date.now() + 3_600_000).toISOString()}, ${new Date().toISOString()}, ${new Date().toISOString()})`.execute(
        db,
      );
      const mailsBefore = (await t.outbox()).length;
      expect(await db.selectFrom('outbox').select('id').where('recipient', '=', customer.email).execute()).not.toHaveLength(0);

      const response = await deleteAccount(t, firstSession, customer.password);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: p.deleted });
      expect(String(response.headers['set-cookie'])).toContain('session_token=;');

      // The account and what hangs on it: gone, row by row.
      expect(await db.selectFrom('user').select('id').where('id', '=', customer.id).execute()).toEqual([]);
      expect(await db.selectFrom('account').select('id').where('userId', '=', customer.id).execute()).toEqual([]);
      expect(await sessionsOf(t, customer.id)).toEqual([]);
      expect(await db.selectFrom('utilisateurs').select('uid').where('uid', '=', customer.id).execute()).toEqual([]);
      expect(await db.selectFrom('notification_preferences').select('uid').where('uid', '=', customer.id).execute()).toEqual([]);
      const { rows: verifications } =
        await sql`select ${sql.ref('id')} from ${sql.table('verification')} where ${sql.ref('value')} = ${customer.id}`.execute(db);
      expect(verifications).toEqual([]);
      const { rows: secondFactors } =
        await sql`select ${sql.ref('id')} from ${sql.table('twoFactor')} where ${sql.ref('userId')} = ${customer.id}`.execute(db);
      expect(secondFactors).toEqual([]);
      expect(await db.selectFrom('totp_last_step').select('userId').where('userId', '=', customer.id).execute()).toEqual([]);
      // The journal, append-only, keeps that he left (and when, from where).
      expect(
        await db
          .selectFrom('audit_log')
          .select(['kind', 'actorEmail'])
          .where('compteId', '=', customer.id)
          .where('kind', '=', 'account.deleted')
          .execute(),
      ).toEqual([{ kind: 'account.deleted', actorEmail: customer.email.toLowerCase() }]);

      // The quotes: no link to him, no e-mail, phone, contact, plate, VIN or comment left.
      const quotes = await db.selectFrom('devis').selectAll().where('id', 'in', [waiting.id, archived.id, finishedBefore.id]).execute();
      expect(quotes).toHaveLength(3);
      for (const quote of quotes) {
        expect(quote.uid).toBeNull();
        expect(quote.email).toBeNull();
        expect(quote.commentaire).toBeNull();
        expect(quote.contactDepart).toBeNull();
        expect(quote.contactArrivee).toBeNull();
        expect(quote.priseInfo?.nom).toBeUndefined();
        expect(quote.priseInfo?.telephone).toBeUndefined();
        expect(quote.livraisonInfo?.nom).toBeUndefined();
        expect(quote.infosVehicule?.immatriculation ?? '').toBe('');
        expect(quote.infosVehicule?.chassis).toBeUndefined();
        expect(JSON.stringify(quote)).not.toContain(customer.email);
        // The phones written above (not just any ten digits: an id may hold « 06 » and eight digits).
        expect(JSON.stringify(quote)).not.toMatch(/0611223344|0699887766|0655443322/);
      }
      const waitingAfter = quotes.find((quote) => quote.id === waiting.id)!;
      expect(waitingAfter.clientDetails).toBeNull();
      expect(waitingAfter.adresseDepart).toBe('75001 Paris');
      expect(waitingAfter.adresseArrivee).toBe('69002 Lyon');
      expect(waitingAfter.priseInfo).toEqual({ datePriseEnCharge: '2026-12-01', debut: '08:00', fin: '10:00' });
      expect(waitingAfter.infosVehicule).toMatchObject({ marque: 'Renault', modele: 'Clio' });
      expect(waitingAfter.numeroDevis).toBe(waiting.numeroDevis);
      // The offer sent and never signed: its PDF is gone too.
      const archivedAfter = quotes.find((quote) => quote.id === archived.id)!;
      expect(archivedAfter.sentPdfKey).toBeNull();
      expect(await t.app.fileStore.exists(offerKey)).toBe(false);
      // The invoiced mission keeps what its invoice names: the customer's name and the route.
      const finishedAfter = quotes.find((quote) => quote.id === finishedBefore.id)!;
      expect(finishedAfter.clientDetails).toEqual({ nom: 'Gaëlle Morel', email: '', telephone: '' });
      expect(finishedAfter.adresseDepart).toBe(finishedBefore.adresseDepart);
      expect(finishedAfter.prixCentimes).toBe(finishedBefore.prixCentimes);
      expect(finishedAfter.statut).toBe('terminé');
      // The history keeps its events, without who.
      const history = await db.selectFrom('devis_historique').selectAll().where('devisId', '=', finishedBefore.id).execute();
      expect(history.length).toBeGreaterThan(0);
      expect(history.filter((entry) => entry.byUserId === customer.id || entry.byName)).toEqual([]);

      // The invoice and its lines: exactly as they were (the legal record).
      expect(await db.selectFrom('factures').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow()).toEqual(invoiceBefore);
      expect(await db.selectFrom('facture_lignes').selectAll().where('factureId', '=', invoiceId).execute()).toEqual(linesBefore);

      // Someone else's data: untouched.
      const bystanderAfter = await storedQuote(t, bystanderQuote.id);
      expect(bystanderAfter).toEqual(bystanderQuote);
      expect(await db.selectFrom('user').select('id').where('id', '=', bystander.id).execute()).toHaveLength(1);

      // One last e-mail, and nothing else of his in the outbox.
      const mails = (await t.outbox()).slice(mailsBefore);
      expect(mails.map((mail) => [addressOf(mail), mail.subject])).toEqual([[customer.email, p.farewellMail.subject]]);
      expect(mails[0]!.text).toContain(p.farewellMail.kept);
      expect(mails[0]!.text).toContain('Gaëlle Morel');
      const left = await db.selectFrom('outbox').select(['kind']).where('recipient', '=', customer.email).execute();
      expect(left).toEqual([{ kind: 'account-deleted' }]);

      // Neither session opens anything, and the password no longer signs in.
      for (const headers of [customer.headers, firstSession, secondSession]) {
        expect((await t.app.inject({ method: 'GET', url: '/api/comptes/mes-donnees', headers })).statusCode).toBe(401);
      }
      await expect(signIn(t, customer.email, customer.password)).rejects.toThrow(/sign-in failed \(401\)/);
    });

    it('treats a quote kept under his e-mail without an account (imported) as his', async () => {
      const customer = await customerWithProfile(t, 'Inès Faure');
      const imported = await detailedQuote(t, { id: customer.id, email: customer.email } as Customer, 'en attente', { uid: null });
      const response = await deleteAccount(t, customer.headers, customer.password);
      expect(response.statusCode).toBe(200);
      const after = await storedQuote(t, imported.id);
      expect(after.email).toBeNull();
      expect(after.commentaire).toBeNull();
    });

    it('keeps a finished mission not yet invoiced with the name an invoice will need', async () => {
      const customer = await customerWithProfile(t, 'Jules Caron');
      const finished = await missionQuote(t, customer, 'terminé', { entreprise: true });
      expect((await deleteAccount(t, customer.headers, customer.password)).statusCode).toBe(200);
      const after = await storedQuote(t, finished.id);
      expect(after.clientDetails).toEqual({ nom: 'Jules Caron', email: '', telephone: '', siret: '73282932000074' });
      expect(after.adresseDepart).toBe(finished.adresseDepart);
    });
  });
});
