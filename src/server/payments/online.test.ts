import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCentimes } from '#domain/format.ts';
import { receiptMailTexts } from '#domain/texts/payments.ts';
import { getInvoice } from '#server/invoices/service.ts';
import { depsOf as invoiceDeps, issuedThroughService } from '#server/invoices/test-factories.ts';
import { startFakeStripe } from '#server/test/fake-stripe.ts';
import { addressOf, buildTestApp, createCustomer, ENGINES, type TestApp } from '#server/test/helpers.ts';
import { paymentPage, receiveProviderEvent, startOnlinePayment, type OnlineDeps } from './online.ts';
import { createStripeProvider } from './provider/stripe.ts';

const SECRET_KEY = 'sk_test_online';
const WEBHOOK_SECRET = 'whsec_online';

describe.each(ENGINES)('paying an invoice by card on %s', (engine) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let deps: OnlineDeps;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    t = await buildTestApp(engine, { env: { BUSINESS_IBAN: 'FR7630006000011234567890189', BUSINESS_BIC: 'AGRIFRPP' } });
    deps = {
      database: t.app.database,
      config: t.config,
      outbox: t.app.outbox,
      log: t.app.log,
      payments: createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.baseUrl }),
    };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** An issued invoice of a new customer, and a payment page opened for it. */
  async function opened() {
    const customer = await createCustomer(t, { name: 'Claire Martin' });
    const factureId = await issuedThroughService(t, customer);
    const viewer = { id: customer.id, role: 'customer' };
    const { url } = await startOnlinePayment(deps, viewer, factureId);
    const sessionId = url.split('/').at(-1)!;
    return { customer, viewer, factureId, sessionId, session: fake.sessions.get(sessionId)! };
  }
  const send = (event: object, options: { timestamp?: number; secret?: string } = {}) => {
    const payload = JSON.stringify(event);
    return receiveProviderEvent(deps, Buffer.from(payload), fake.sign(payload, options));
  };
  const paidEvent = (session: object, over: object = {}) =>
    fake.eventFor('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_42',
      ...over,
    });
  const paymentsOf = async (factureId: string) => (await getInvoice(invoiceDeps(t), factureId)).paiements;

  it('opens a page for what is left to pay, then records the payment only from the signed notification, once', async () => {
    const { customer, viewer, factureId, session } = await opened();
    expect(session).toMatchObject({ amount_total: 45_050, currency: 'eur', client_reference_id: factureId });
    // The same request again hands out the same page.
    expect((await startOnlinePayment(deps, viewer, factureId)).url).toBe(session.url);
    // Back from the provider, before its notification: nothing is paid.
    expect((await paymentPage(deps, viewer, factureId)).facture.resteCentimes).toBe(45_050);

    const event = paidEvent(session);
    expect(await send(event)).toEqual({ status: 200, body: { received: true, applied: true } });
    const facture = await getInvoice(invoiceDeps(t), factureId);
    expect(facture.etat).toBe('payée');
    expect(facture.paiements).toEqual([expect.objectContaining({ montantCentimes: 45_050, moyen: 'carte' })]);
    const page = await paymentPage(deps, viewer, factureId);
    expect(page).toMatchObject({ enLigne: false, virement: null, facture: { resteCentimes: 0 }, derniereTentative: { statut: 'payée' } });

    // A replay (the provider retries, or someone sends it again) applies nothing.
    expect(await send(event)).toEqual({ status: 200, body: { received: true, applied: false } });
    expect(await paymentsOf(factureId)).toHaveLength(1);

    const mails = await t.outbox();
    const facturesNumero = facture.numero!;
    expect(mails.filter((mail) => mail.subject === receiptMailTexts.subject(facturesNumero)).map(addressOf)).toEqual([customer.email]);
    expect(mails.filter((mail) => mail.subject === receiptMailTexts.adminSubject(facturesNumero, formatCentimes(45_050)))).toHaveLength(1);
  });

  it('records nothing from a forged, unsigned or late notification, and answers 400', async () => {
    const { factureId, session } = await opened();
    const payload = JSON.stringify(paidEvent(session));
    expect(await receiveProviderEvent(deps, Buffer.from(payload), fake.sign(payload, { secret: 'whsec_pirate' }))).toMatchObject({
      status: 400,
    });
    expect(await receiveProviderEvent(deps, Buffer.from(payload), undefined)).toMatchObject({ status: 400 });
    expect(await receiveProviderEvent(deps, Buffer.from(payload.replace('"paid"', '"paid" ')), fake.sign(payload))).toMatchObject({
      status: 400,
    });
    expect(await send(JSON.parse(payload), { timestamp: Math.floor(Date.now() / 1000) - 301 })).toMatchObject({ status: 400 });
    expect(await paymentsOf(factureId)).toEqual([]);
  });

  it('records nothing for a session it did not open, or for another amount or currency, and keeps the refusal', async () => {
    const { factureId, session } = await opened();
    expect(await send(paidEvent({ ...session, id: 'cs_test_inconnue' }))).toEqual({
      status: 200,
      body: { received: true, applied: false },
    });
    expect(await send(paidEvent(session, { amount_total: 100 }))).toEqual({ status: 200, body: { received: true, applied: false } });
    expect(await send(paidEvent(session, { currency: 'usd' }))).toEqual({ status: 200, body: { received: true, applied: false } });
    expect(await send(fake.eventFor('checkout.session.completed', { ...session, payment_status: 'unpaid' }))).toMatchObject({
      status: 200,
    });
    expect(await paymentsOf(factureId)).toEqual([]);
    const refused = await t.app.database.db
      .selectFrom('paiement_evenements')
      .select(['resultat', 'detail'])
      .where('resultat', '=', 'refusé')
      .execute();
    expect(refused.length).toBeGreaterThanOrEqual(3);
  });

  it('shows an invoice and opens its page for its customer alone', async () => {
    const { factureId } = await opened();
    const stranger = await createCustomer(t);
    await expect(paymentPage(deps, { id: stranger.id, role: 'customer' }, factureId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(startOnlinePayment(deps, { id: stranger.id, role: 'customer' }, factureId)).rejects.toMatchObject({ statusCode: 404 });
  });
});
