import { expect } from 'vitest';
import { apiPath, apiRoutes } from '#domain/api-paths.ts';
import { addProfile, signedOnPaperDeposit } from '#server/invoices/test-factories.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { buildTestApp, createAdmin, createCustomer, postWebhook, PUBLIC_URL, type Engine, type TestApp } from '#server/test/helpers.ts';

type Customer = Awaited<ReturnType<typeof createCustomer>>;

/**
 * An app of `engine` whose card provider is a local server speaking Stripe's wire format, with a
 * 30 % deposit by default, and its administrator's headers; `close` stops both.
 */
export async function startCardPaymentsApp(engine: Engine, env: Record<string, string> = {}) {
  const fake = await startFakeStripe({ secretKey: 'sk_test_payments', webhookSecret: 'whsec_payments' });
  const t = await buildTestApp(engine, { env: fake.env({ DEPOSIT_PERCENT: '30', ...env }) });
  const admin = (await createAdmin(t)).headers;
  return {
    t,
    fake,
    admin,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

type AdminHeaders = { cookie: string; origin: string };

/**
 * A consumer signs with a 30 % deposit on 420,50 € and pays its 126,15 € by card online (the
 * provider's signed notification records it). A new customer unless one with a profile is given.
 */
export async function cardPaidDeposit(t: TestApp, fake: FakeStripe, admin: AdminHeaders, given?: Customer) {
  const customer = given ?? (await createCustomer(t, { name: 'Claire Martin' }));
  if (!given) await addProfile(t, customer);
  const quote = await createQuoteInStatus(t.app.database, customer, 'envoyé', { prixCentimes: 42_050 });
  await t.app.database.db.updateTable('devis').set({ acomptePourcent: 30 }).where('id', '=', quote.id).execute();
  const deposit = await signedOnPaperDeposit(t, admin, quote.id);
  const started = await t.app.inject({
    method: 'POST',
    url: apiPath(apiRoutes.payments.startOnline, { id: deposit.id }),
    headers: { ...customer.headers, origin: PUBLIC_URL },
  });
  expect(started.statusCode, started.body).toBe(200);
  const paid = fake.complete(started.json<{ url: string }>().url.split('/').at(-1)!);
  const payload = JSON.stringify(paid);
  const notified = await postWebhook(t, apiRoutes.payments.stripeWebhook, payload, { 'stripe-signature': fake.sign(payload) });
  expect(notified.json()).toMatchObject({ applied: true });
  const paymentIntent = (paid.data.object as { payment_intent: string }).payment_intent;
  return { customer, quote, deposit, paymentIntent };
}

/** The same consumer then withdraws: the deposit invoice owes its refund on the card. */
export async function withdrawnAfterCardPayment(t: TestApp, fake: FakeStripe, admin: AdminHeaders, given?: Customer) {
  const { customer, quote, deposit, paymentIntent } = await cardPaidDeposit(t, fake, admin, given);
  const withdrawn = await t.app.inject({
    method: 'POST',
    url: apiPath(apiRoutes.legal.withdraw, { id: quote.id }),
    headers: { ...customer.headers, origin: PUBLIC_URL },
  });
  expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  return { customer, quote, deposit, paymentIntent };
}
