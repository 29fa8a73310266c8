import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parisToday } from '#domain/format.ts';
import { addDays } from '#domain/invoices.ts';
import { aFaireSchema, type AFaire, type AFaireItem } from '#domain/schemas/a-faire.ts';
import { confirmQuote } from '#server/quotes/back-office-test-factories.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import { addProfile, api, issuedInvoice } from '#server/invoices/test-factories.ts';
import { completeInspection } from '#server/missions/test-factories.ts';
import { createAdmin, createCustomer, ENGINES, useTestApp } from '#server/test/helpers.ts';
import { configurationWarnings, getAFaire } from './service.ts';

const itemOf = <Type extends AFaireItem['type']>(answer: AFaire, type: Type) =>
  answer.elements.find((item): item is Extract<AFaireItem, { type: Type }> => item.type === type);

describe.each(ENGINES)('« À faire » on %s', (engine) => {
  const t = useTestApp(engine);

  it('lists the signed missions whose customer asked to cancel them, until the operator deletes the quote', async () => {
    const admin = (await createAdmin(t)).headers;
    const customer = await createCustomer(t, { name: 'Garage Müller' });
    const signed = {
      clientType: 'entreprise' as const,
      priseInfo: { datePriseEnCharge: addDays(parisToday(), 3), debut: '08:00', fin: '10:00' },
    };
    const quote = await createQuoteInStatus(t.app.database, customer, 'en cours', signed);
    const other = await createQuoteInStatus(t.app.database, customer, 'en cours', signed);
    const deps = { database: t.app.database, config: t.config };
    expect(itemOf(await getAFaire(deps), 'annulations-demandees')).toBeUndefined();

    const asked = await t.app.inject({ method: 'POST', url: `/api/devis/${quote.id}/annulation`, headers: customer.headers });
    expect(asked.statusCode, asked.body).toBe(200);
    const item = itemOf(await getAFaire(deps), 'annulations-demandees')!;
    expect(item.nombre).toBe(1);
    expect(item.devis).toEqual([
      { id: quote.id, numeroDevis: quote.numeroDevis, client: customer.email, depuis: asked.json().historique.at(-1).at },
    ]);
    expect(item.devis.map((devis) => devis.id)).not.toContain(other.id);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/devis/${quote.id}`, headers: admin });
    expect(removed.statusCode).toBe(204);
    expect(itemOf(await getAFaire(deps), 'annulations-demandees')).toBeUndefined();
    // The other mission goes too: the next test starts with nothing waiting.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/devis/${other.id}`, headers: admin })).statusCode).toBe(204);
  });

  it('says, kind by kind, what waits for the administrator, and each disappears once it is done', async () => {
    const admin = (await createAdmin(t)).headers;
    const customer = await createCustomer(t, { name: 'Hélène Œuvray' });
    await addProfile(t, customer);
    const deps = { database: t.app.database, config: t.config };
    const now = new Date();
    const today = parisToday(now);
    const tomorrow = addDays(today, 1);

    // Nothing yet but the revenue line (and the configuration of a test app: its seal is self-signed).
    const empty = aFaireSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/a-faire', headers: admin })).json());
    expect(empty.elements.map((item) => item.type)).toEqual(['configuration']);
    expect(empty.jour).toBe(today);
    expect(empty.chiffreAffaires).toEqual({
      annee: Number(today.slice(0, 4)),
      totalCentimes: 0,
      plafondCentimes: t.config.invoicing.revenueCeilingCents,
    });

    // Two quotes waiting for confirmation, the older first.
    const older = await createQuoteInStatus(t.app.database, customer, 'en attente de confirmation', {
      clientDetails: { nom: 'Garage Müller', email: 'g@exemple.fr', telephone: '0612345678' },
    });
    const newer = await createQuoteInStatus(t.app.database, customer, 'en attente de confirmation');
    // Signed missions: one today (pickup), one tomorrow (delivery), one without a day, one whose pickup is inspected already.
    const contact = { nom: 'Élodie Martin', email: '', telephone: '+33 6 11 22 33 44' };
    const pickupToday = await createQuoteInStatus(t.app.database, customer, 'en cours', {
      adresseDepart: '10 rue de Rivoli, 75001 Paris',
      contactDepart: contact,
      priseInfo: { datePriseEnCharge: today, debut: '08:00', fin: '10:30' },
      livraisonInfo: { dateLivraisonSouhaitee: addDays(today, 3), debut: '14:00', fin: '18:00' },
    });
    const deliveryTomorrow = await createQuoteInStatus(t.app.database, customer, 'en cours', {
      adresseArrivee: '5 place Bellecour, 69002 Lyon',
      priseInfo: { datePriseEnCharge: addDays(today, -1), debut: '09:00', fin: '10:00' },
      livraisonInfo: { dateLivraisonSouhaitee: tomorrow, debut: '', fin: '' },
    });
    const withoutDay = await createQuoteInStatus(t.app.database, customer, 'en cours');
    const inspected = await createQuoteInStatus(t.app.database, customer, 'en cours', {
      priseInfo: { datePriseEnCharge: today, debut: '07:00', fin: '08:00' },
    });
    const done = await completeInspection(t, admin, inspected.id);
    expect(done.statusCode).toBe(200);
    // An e-mail that failed about a quote, one failed weeks ago (left out), one on its way.
    const outbox = t.app.database.db;
    const mail = (status: 'failed' | 'pending', createdAt: Date, devisId: string | null) =>
      outbox
        .insertInto('outbox')
        .values({
          id: randomUUID(),
          kind: 'quote-for-signature',
          recipient: 'client@exemple.fr',
          subject: `Votre devis n° ${older.numeroDevis}`,
          textBody: '',
          htmlBody: '',
          attachments: '[]',
          devisId,
          status,
          attempts: status === 'failed' ? 5 : 0,
          nextAttemptAt: createdAt.toISOString(),
          createdAt: createdAt.toISOString(),
        })
        .execute();
    await mail('failed', now, older.id);
    await mail('failed', new Date(now.getTime() - 30 * 86_400_000), null);
    // An overdue invoice, partly paid twice and partly credited; a paid one is not overdue.
    const { invoice } = await issuedInvoice(t, admin, customer);
    await api.pay(t, admin, invoice.id, { date: today, montantCentimes: 6_000, moyen: 'virement' });
    await api.pay(t, admin, invoice.id, { date: today, montantCentimes: 4_000, moyen: 'chèque' });
    expect((await api.credit(t, admin, invoice.id, { motif: 'Geste commercial', montantCentimes: 2_500 })).status).toBe(201);
    const owed = invoice.totalCentimes - 10_000 - 2_500;
    const { invoice: paid } = await issuedInvoice(t, admin, customer);
    await api.pay(t, admin, paid.id, { date: today, montantCentimes: paid.totalCentimes, moyen: 'virement' });

    // The invoices' e-mails leave; one more, due after the invoice's due day, waits.
    await t.app.outbox.drain();
    const later = new Date(Date.parse(`${invoice.dateEcheance}T12:00:00Z`) + 86_400_000);
    await mail('pending', later, null);
    const answer = aFaireSchema.parse(await getAFaire(deps, now));

    const toConfirm = itemOf(answer, 'devis-a-confirmer')!;
    expect(toConfirm.nombre).toBe(2);
    expect(toConfirm.devis.map((devis) => devis.id)).toEqual([older.id, newer.id]);
    expect(toConfirm.devis[0]!.client).toBe('Garage Müller');

    const appointments = itemOf(answer, 'rendez-vous')!;
    expect(appointments.rendezVous.map((item) => [item.devis.id, item.etape, item.jour])).toEqual([
      [pickupToday.id, 'prise-en-charge', today],
      [deliveryTomorrow.id, 'livraison', tomorrow],
    ]);
    expect(appointments.rendezVous[0]).toMatchObject({
      debut: '08:00',
      fin: '10:30',
      ville: 'Paris',
      contact: 'Élodie Martin',
      telephone: '+33 6 11 22 33 44',
    });
    expect(appointments.rendezVous[1]).toMatchObject({ debut: null, fin: null, ville: 'Lyon' });

    expect(itemOf(answer, 'signes-sans-date')!.devis.map((devis) => devis.id)).toEqual([withoutDay.id]);

    const failed = itemOf(answer, 'emails-en-echec')!;
    expect(failed.nombre).toBe(1);
    expect(failed.emails[0]!.devis?.id).toBe(older.id);

    // Not overdue today; past its due day, it is, with what is left to pay.
    expect(itemOf(answer, 'factures-en-retard')).toBeUndefined();
    const afterDue = aFaireSchema.parse(await getAFaire(deps, later));
    const overdue = itemOf(afterDue, 'factures-en-retard')!;
    expect(overdue.nombre).toBe(1);
    expect(overdue.factures[0]).toMatchObject({ id: invoice.id, resteCentimes: owed });
    expect(overdue.totalDuCentimes).toBe(owed);
    // The invoice list's own state agrees (the domain's rule).
    const listed = await api.get(t, admin, invoice.id);
    expect(listed.body.resteCentimes).toBe(overdue.factures[0]!.resteCentimes);
    expect(afterDue.envoisEnCours).toBe(1);
    expect(answer.envoisEnCours).toBe(0);
    expect(answer.chiffreAffaires.totalCentimes).toBe(10_000 + paid.totalCentimes);

    // Confirming the older quote takes it off the list.
    const confirmed = await confirmQuote(t, admin, older.id, '450', { km: true, longDistance: false });
    expect(confirmed.statusCode).toBe(200);
    const after = aFaireSchema.parse(await getAFaire(deps, now));
    expect(itemOf(after, 'devis-a-confirmer')!.devis.map((devis) => devis.id)).toEqual([newer.id]);
  });

  it('warns of a self-signed seal, of PUBLIC_URL unset in production only, and of the consumer mediator unset', async () => {
    const database = t.app.database;
    const mediator = { nom: 'CM2C', url: 'https://www.cm2c.net' };
    const warnings = async (config: Partial<typeof t.config>) =>
      (await configurationWarnings({ database, config: { ...t.config, legal: { ...t.config.legal, mediator }, ...config } })) ?? {
        alertes: [],
      };
    expect(await warnings({ signing: { p12Path: '/certificat.p12' }, legal: { ...t.config.legal, mediator: null } })).toMatchObject({
      alertes: ['mediateur-absent'],
    });
    expect(await warnings({ nodeEnv: 'production', publicUrlSet: false, signing: {} })).toMatchObject({
      alertes: ['sceau-auto-signe', 'public-url-absente'],
    });
    expect(await warnings({ nodeEnv: 'development', publicUrlSet: false, signing: {} })).toMatchObject({ alertes: ['sceau-auto-signe'] });
    expect(await warnings({ nodeEnv: 'production', publicUrlSet: true, signing: { p12Path: '/certificat.p12' } })).toEqual({ alertes: [] });
  });
});
