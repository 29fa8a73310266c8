import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '#server/test/fake-stripe.ts';
import { ProviderRefusedError, ProviderSignatureError } from './provider.ts';
import { createStripeProvider } from './stripe.ts';

const SECRET_KEY = 'sk_test_provider';
const WEBHOOK_SECRET = 'whsec_provider';

describe('Stripe Checkout through the official package, against a server speaking its wire format', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let provider: ReturnType<typeof createStripeProvider>;
  const request = {
    attemptId: 'a1b2c3',
    factureId: 'facture-1',
    numero: 'F-2026-0003',
    montantCentimes: 12_615,
    description: 'Facture d’acompte n° F-2026-0003',
    customerEmail: 'claire@exemple.fr',
    successUrl: 'http://localhost:3000/factures/facture-1/paiement?retour=1',
    cancelUrl: 'http://localhost:3000/factures/facture-1/paiement',
  };

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.baseUrl });
  });
  afterAll(() => fake.close());

  it('opens a hosted page for the amount in euros, with our references and an idempotency key of its own', async () => {
    const session = await provider.createCheckout(request);
    expect(session.url).toBe(`${fake.baseUrl}/c/pay/${session.sessionId}`);
    const call = fake.requests.find((recorded) => recorded.method === 'POST' && recorded.url === '/v1/checkout/sessions')!;
    expect(call.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call.headers['idempotency-key']).toBe('checkout-a1b2c3');
    expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const body = new URLSearchParams(call.body);
    expect(body.get('mode')).toBe('payment');
    expect(body.get('line_items[0][price_data][unit_amount]')).toBe('12615');
    expect(body.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(body.get('client_reference_id')).toBe('facture-1');
    expect(body.get('metadata[numero]')).toBe('F-2026-0003');
    expect(body.get('locale')).toBe('fr');
    expect(fake.sessions.get(session.sessionId)).toMatchObject({ amount_total: 12_615, currency: 'eur' });

    // The same attempt retried opens the same page.
    expect((await provider.createCheckout(request)).sessionId).toBe(session.sessionId);
  });

  it('reads a notification signed with the endpoint’s secret, and refuses a forged, unsigned or old one', async () => {
    const session = await provider.createCheckout({ ...request, attemptId: 'second' });
    Object.assign(fake.sessions.get(session.sessionId)!, { status: 'complete', payment_status: 'paid', payment_intent: 'pi_test_1' });
    const payload = JSON.stringify(fake.eventFor('checkout.session.completed', { ...fake.sessions.get(session.sessionId)! }));
    const event = provider.verifyEvent(Buffer.from(payload), fake.sign(payload));
    expect(event).toMatchObject({
      type: 'checkout.session.completed',
      session: { id: session.sessionId, amountTotal: 12_615, currency: 'eur', paid: true, paymentReference: 'pi_test_1' },
    });

    expect(() => provider.verifyEvent(Buffer.from(payload), fake.sign(payload, { secret: 'whsec_other' }))).toThrow(ProviderSignatureError);
    expect(() => provider.verifyEvent(Buffer.from(payload.replace('12615', '1')), fake.sign(payload))).toThrow(ProviderSignatureError);
    expect(() => provider.verifyEvent(Buffer.from(payload), undefined)).toThrow(ProviderSignatureError);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;
    expect(() => provider.verifyEvent(Buffer.from(payload), fake.sign(payload, { timestamp: sixMinutesAgo }))).toThrow(
      ProviderSignatureError,
    );
    const fourMinutesAgo = Math.floor(Date.now() / 1000) - 240;
    expect(provider.verifyEvent(Buffer.from(payload), fake.sign(payload, { timestamp: fourMinutesAgo })).id).toBe(JSON.parse(payload).id);
  });

  it('refunds on the PaymentIntent once per key, reads the refund’s notifications, and tells a refusal from a provider that does not answer', async () => {
    fake.charged.set('pi_test_refund', 12_615);
    const refund = {
      refundKey: 'refund-p1-first',
      paymentReference: 'pi_test_refund',
      montantCentimes: 12_615,
      metadata: { factureId: 'f1', paiementId: 'p1' },
    };
    const made = await provider.refund(refund);
    expect(made).toEqual({ refundId: expect.stringMatching(/^re_/), state: 'effectué' });
    const call = fake.requests.find((recorded) => recorded.method === 'POST' && recorded.url === '/v1/refunds')!;
    expect(call.headers['idempotency-key']).toBe('refund-p1-first');
    const body = new URLSearchParams(call.body);
    expect([body.get('payment_intent'), body.get('amount'), body.get('reason'), body.get('metadata[paiementId]')]).toEqual([
      'pi_test_refund',
      '12615',
      'requested_by_customer',
      'p1',
    ]);
    // Retried with the same key: the same refund, not a second one.
    expect(await provider.refund(refund)).toEqual(made);
    // A new key on a payment refunded whole: Stripe's 400, a refusal.
    await expect(provider.refund({ ...refund, refundKey: 'refund-p1-again' })).rejects.toBeInstanceOf(ProviderRefusedError);

    // Asked where it is (`GET /v1/refunds/{id}`), as the page does when no notification came.
    fake.refunds.get(made.refundId)!.status = 'pending';
    expect(await provider.refundState(made.refundId)).toEqual({ refundId: made.refundId, state: 'en cours' });
    expect(fake.requests.some((recorded) => recorded.method === 'GET' && recorded.url === `/v1/refunds/${made.refundId}`)).toBe(true);
    await expect(provider.refundState('re_test_unknown')).rejects.toThrow(/No such refund/);

    const notified = fake.eventFor('refund.updated', { ...fake.refunds.get(made.refundId)!, status: 'failed' });
    const payload = JSON.stringify(notified);
    expect(provider.verifyEvent(Buffer.from(payload), fake.sign(payload))).toMatchObject({
      session: null,
      refund: { id: made.refundId, paymentReference: 'pi_test_refund', amount: 12_615, currency: 'eur', state: 'échoué' },
    });

    // Nobody at the address: not a refusal (the caller says « réessayez »).
    const unreachable = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: 'http://127.0.0.1:9' });
    const failure = await unreachable.refund({ ...refund, refundKey: 'refund-p1-down' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(ProviderRefusedError);
  });
});
