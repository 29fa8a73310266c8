import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, apiRoutes } from '#domain/api-paths.ts';
import { formatCentimes, parisToday } from '#domain/format.ts';
import { addDays } from '#domain/invoices.ts';
import type { AFaire } from '#domain/schemas/a-faire.ts';
import type { CardRefunds, PaymentPage } from '#domain/schemas/payments.ts';
import { cardRefundApiMessages as msg, refundBouncedMailTexts, refundFailedMailTexts, refundMailTexts } from '#domain/texts/payments.ts';
import { getInvoice } from '#server/invoices/service.ts';
import { recordPayment } from '#server/invoices/payments.ts';
import { depsOf as invoiceDeps, SERVICE_ADMIN } from '#server/invoices/test-factories.ts';
import type { FakeStripe } from '#server/test/fake-stripe.ts';
import { addressOf, ENGINES, postWebhook, type TestApp } from '#server/test/helpers.ts';
import { cardPaidDeposit, startCardPaymentsApp, withdrawnAfterCardPayment as withdrawnAfterPaying } from './test-factories.ts';

const { payments } = apiRoutes;

/**
 * A withdrawal's refund on the card that paid the deposit (decision 0089), as the operator's
 * browser and the provider call it: « Rembourser par carte » asks the provider (Stripe's
 * documented wire format, served locally), its answer and signed notifications say where the
 * refund is, « À faire » lists it until it is made, and the books are not touched again.
 */
describe.each(ENGINES)('refunding a withdrawn deposit on the card that paid it, on %s', (engine) => {
  let t: TestApp;
  let fake: FakeStripe;
  let admin: { cookie: string; origin: string };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => void ({ t, fake, admin, close } = await startCardPaymentsApp(engine)));
  afterAll(() => close?.());

  const notify = async (type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify(fake.eventFor(type, object));
    const answer = await postWebhook(t, payments.stripeWebhook, payload, { 'stripe-signature': fake.sign(payload) });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ applied: boolean }>();
  };

  const withdrawnAfterCardPayment = () => withdrawnAfterPaying(t, fake, admin);

  const refundsOf = async (factureId: string) => {
    const answer = await t.app.inject({ method: 'GET', url: apiPath(payments.cardRefunds, { id: factureId }), headers: admin });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<CardRefunds>();
  };
  const refund = (factureId: string, paiementId: string) =>
    t.app.inject({ method: 'POST', url: apiPath(payments.makeCardRefund, { id: factureId }), headers: admin, payload: { paiementId } });
  /** « Rembourser par carte » while the provider answers new refunds with `status`: the refunds as the answer lists them. */
  const refundWhileProviderSays = async (status: FakeStripe['refundStatus'], factureId: string, paiementId: string) => {
    fake.refundStatus = status;
    try {
      return (await refund(factureId, paiementId)).json<CardRefunds>().remboursements;
    } finally {
      fake.refundStatus = 'succeeded';
    }
  };
  /** The operator cancels the signed mission (its quote deleted): the deposit invoice is credited. */
  const cancelMission = async (quoteId: string) => {
    const removed = await t.app.inject({ method: 'DELETE', url: apiPath(apiRoutes.quotes.adminDelete, { id: quoteId }), headers: admin });
    expect(removed.statusCode, removed.body).toBe(204);
  };
  const toMake = async () => {
    const answer = await t.app.inject({ method: 'GET', url: apiRoutes.adminHome.aFaire.path, headers: admin });
    const item = answer.json<AFaire>().elements.find((element) => element.type === 'remboursements-a-faire');
    return item?.type === 'remboursements-a-faire' ? item.remboursements : [];
  };
  /** The operator's notices that the provider failed a refund of this invoice. */
  const failureNotices = async (numero: string) =>
    (await t.outbox()).filter((mail) => addressOf(mail) === t.config.adminEmail && mail.subject === refundFailedMailTexts.subject(numero));
  const refundNotices = async (email: string) =>
    (await t.outbox()).filter((mail) => addressOf(mail) === email && mail.subject?.startsWith(refundMailTexts.subject('').trim()));
  /** The customer's notices that a refund he was told was made came back from his card's bank. */
  const bouncedNotices = async (email: string) =>
    (await t.outbox()).filter((mail) => addressOf(mail) === email && mail.subject?.startsWith(refundBouncedMailTexts.subject('').trim()));
  const paymentsOf = async (factureId: string) =>
    (await getInvoice(invoiceDeps(t), factureId)).paiements.map((payment) => [payment.montantCentimes, payment.moyen]);
  /** The provider notifies a refund of the deposit made, once by each of `types`: given back once in the books, the customer told once. */
  const expectGivenBackOnce = async (types: string[], made: Record<string, unknown>, factureId: string, email: string) => {
    for (const type of types) expect(await notify(type, made)).toMatchObject({ applied: true });
    expect(await paymentsOf(factureId)).toEqual([
      [12_615, 'carte'],
      [-12_615, 'carte'],
    ]);
    expect(await refundNotices(email)).toHaveLength(1);
  };

  it('lists the refund by card in « À faire », refunds it on the paying card once, and leaves the books as the withdrawal wrote them', async () => {
    const { customer, deposit, paymentIntent } = await withdrawnAfterCardPayment();
    const before = await refundsOf(deposit.id);
    expect(before).toEqual({
      fournisseur: true,
      remboursements: [
        { paiementId: expect.any(String), motif: 'rétractation', date: parisToday(), montantCentimes: 12_615, statut: null, majLe: null },
      ],
    });
    const owed = before.remboursements[0]!;
    expect(await toMake()).toContainEqual(
      expect.objectContaining({
        id: owed.paiementId,
        factureId: deposit.id,
        montantCentimes: 12_615,
        moyen: 'carte',
        avant: addDays(parisToday(), 14),
      }),
    );

    const made = await refund(deposit.id, owed.paiementId);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<CardRefunds>().remboursements).toEqual([expect.objectContaining({ statut: 'effectué', majLe: expect.any(String) })]);
    const atStripe = [...fake.refunds.values()].filter((one) => one.payment_intent === paymentIntent);
    expect(atStripe).toEqual([
      expect.objectContaining({
        amount: 12_615,
        reason: 'requested_by_customer',
        metadata: { factureId: deposit.id, paiementId: owed.paiementId },
      }),
    ]);
    expect((await toMake()).map((row) => row.factureId)).not.toContain(deposit.id);
    // Tapped again: refused in French, nothing more asked of the provider.
    const again = await refund(deposit.id, owed.paiementId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(msg.alreadyDone);
    expect([...fake.refunds.values()].filter((one) => one.payment_intent === paymentIntent)).toHaveLength(1);
    // The provider's notification of the same refund is its word again: applied, the state kept.
    expect(await notify('refund.created', { ...atStripe[0]! })).toEqual({ received: true, applied: true });
    expect((await refundsOf(deposit.id)).remboursements[0]!.statut).toBe('effectué');
    expect(await paymentsOf(deposit.id)).toEqual([
      [12_615, 'carte'],
      [-12_615, 'carte'],
    ]);
    // The customer is told once that his card is refunded.
    const notices = await refundNotices(customer.email);
    expect(notices.map((mail) => mail.subject)).toEqual([refundMailTexts.subject(deposit.numero!)]);
    expect(notices[0]!.text?.replace(/\s+/g, ' ')).toContain(
      refundMailTexts.body(formatCentimes(12_615), deposit.numero!).replace(/\s+/g, ' '),
    );
  });

  it('waits for the provider’s word on a pending refund, keeps a final state against a late notification, and asks again after a failure', async () => {
    const { customer, deposit } = await withdrawnAfterCardPayment();
    const { paiementId } = (await refundsOf(deposit.id)).remboursements[0]!;
    expect((await refundWhileProviderSays('pending', deposit.id, paiementId))[0]!.statut).toBe('en cours');
    const asked = await refund(deposit.id, paiementId);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(msg.alreadyAsked);
    expect((await toMake()).map((row) => row.factureId)).toContain(deposit.id);

    const atStripe = [...fake.refunds.values()].find((one) => one.metadata.paiementId === paiementId)!;
    // Failed at the card's bank: to ask again; the new try is a new refund (a new idempotency key).
    expect(await notify('refund.failed', { ...atStripe, status: 'failed' })).toMatchObject({ applied: true });
    expect((await refundsOf(deposit.id)).remboursements[0]!.statut).toBe('échoué');
    // The operator, who left the page while it was pending, is told by e-mail; the customer, never told it was made, is not.
    expect(await failureNotices(deposit.numero!)).toHaveLength(1);
    expect(await bouncedNotices(customer.email)).toEqual([]);
    atStripe.status = 'failed';
    const retried = await refund(deposit.id, paiementId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<CardRefunds>().remboursements[0]!.statut).toBe('effectué');
    const tries = [...fake.refunds.values()].filter((one) => one.metadata.paiementId === paiementId);
    expect(tries.map((one) => one.status)).toEqual(['failed', 'succeeded']);
    // A late « pending » of the refund that was made changes nothing.
    expect(await notify('refund.updated', { ...tries[1]!, status: 'pending' })).toMatchObject({ applied: true });
    expect((await refundsOf(deposit.id)).remboursements[0]!.statut).toBe('effectué');
    expect((await toMake()).map((row) => row.factureId)).not.toContain(deposit.id);
  });

  /** The customer's payment page of his invoice, read as his browser does: the refunds and the money held. */
  const customerView = async (customer: { headers?: Record<string, string> }, factureId: string) => {
    const answer = await t.app.inject({ method: 'GET', url: apiPath(payments.page, { id: factureId }), headers: customer.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const { remboursements, enTropCentimes } = answer.json<PaymentPage>();
    return { remboursements, enTropCentimes };
  };

  it('tells the customer on his payment page where the refund his withdrawal owes stands: owed by its last day, asked, made', async () => {
    const { customer, deposit } = await withdrawnAfterCardPayment();
    const today = parisToday();
    expect(await customerView(customer, deposit.id)).toEqual({
      remboursements: [{ montantCentimes: 12_615, moyen: 'carte', statut: 'à faire', date: addDays(today, 14) }],
      enTropCentimes: 0,
    });
    const { paiementId } = (await refundsOf(deposit.id)).remboursements[0]!;
    await refundWhileProviderSays('pending', deposit.id, paiementId);
    expect((await customerView(customer, deposit.id)).remboursements).toEqual([
      { montantCentimes: 12_615, moyen: 'carte', statut: 'en cours', date: today },
    ]);
    const atStripe = [...fake.refunds.values()].find((one) => one.metadata.paiementId === paiementId)!;
    // Failed at the card's bank: owed again, by the same last day.
    expect(await notify('refund.failed', { ...atStripe, status: 'failed' })).toMatchObject({ applied: true });
    expect((await customerView(customer, deposit.id)).remboursements).toEqual([
      { montantCentimes: 12_615, moyen: 'carte', statut: 'à faire', date: addDays(today, 14) },
    ]);
    atStripe.status = 'failed';
    expect((await refund(deposit.id, paiementId)).statusCode).toBe(200);
    expect(await customerView(customer, deposit.id)).toEqual({
      remboursements: [{ montantCentimes: 12_615, moyen: 'carte', statut: 'effectué', date: today }],
      enTropCentimes: 0,
    });
  });

  it('tells the customer on his payment page of money his cancelled invoice holds, and of its refunds once asked and made, not once sent back', async () => {
    const { customer, quote, deposit } = await cardPaidDeposit(t, fake, admin);
    const [card] = (await getInvoice(invoiceDeps(t), deposit.id)).paiements;
    const today = parisToday();
    expect(await customerView(customer, deposit.id)).toEqual({ remboursements: [], enTropCentimes: 0 });
    await cancelMission(quote.id);
    expect(await customerView(customer, deposit.id)).toEqual({ remboursements: [], enTropCentimes: 12_615 });

    // 26,15 € given back by transfer and recorded by the operator: made, on his word; the rest asked of the card provider.
    await recordPayment(invoiceDeps(t), SERVICE_ADMIN, deposit.id, { date: today, montantCentimes: -2_615, moyen: 'virement' });
    await refundWhileProviderSays('pending', deposit.id, card!.id);
    expect(await customerView(customer, deposit.id)).toEqual({
      remboursements: [
        { montantCentimes: 2_615, moyen: 'virement', statut: 'effectué', date: today },
        { montantCentimes: 10_000, moyen: 'carte', statut: 'en cours', date: today },
      ],
      enTropCentimes: 0,
    });
    const atStripe = [...fake.refunds.values()].find((one) => one.metadata.paiementId === card!.id)!;
    const made = { ...atStripe, status: 'succeeded' };
    expect(await notify('refund.updated', made)).toMatchObject({ applied: true });
    expect(await customerView(customer, deposit.id)).toEqual({
      remboursements: [
        { montantCentimes: 2_615, moyen: 'virement', statut: 'effectué', date: today },
        { montantCentimes: 10_000, moyen: 'carte', statut: 'effectué', date: today },
      ],
      enTropCentimes: 0,
    });
    // Sent back by the card's bank: not refunded after all, the money held again.
    expect(await notify('refund.failed', { ...made, status: 'failed' })).toMatchObject({ applied: true });
    expect(await customerView(customer, deposit.id)).toEqual({
      remboursements: [{ montantCentimes: 2_615, moyen: 'virement', statut: 'effectué', date: today }],
      enTropCentimes: 10_000,
    });
  });

  it('takes a refund the operator made from the provider’s dashboard as this one, and refuses one that no withdrawal owes', async () => {
    const { deposit, paymentIntent } = await withdrawnAfterCardPayment();
    const other = await notify('refund.created', {
      id: 're_test_dashboard_other',
      object: 'refund',
      amount: 5_000,
      currency: 'eur',
      payment_intent: paymentIntent,
      status: 'succeeded',
      metadata: {},
    });
    expect(other).toMatchObject({ applied: false });
    expect((await refundsOf(deposit.id)).remboursements[0]!.statut).toBeNull();

    const dashboard = await notify('refund.created', {
      id: 're_test_dashboard_whole',
      object: 'refund',
      amount: 12_615,
      currency: 'eur',
      payment_intent: paymentIntent,
      status: 'succeeded',
      metadata: {},
    });
    expect(dashboard).toMatchObject({ applied: true });
    expect((await refundsOf(deposit.id)).remboursements[0]!.statut).toBe('effectué');
    expect((await toMake()).map((row) => row.factureId)).not.toContain(deposit.id);
    expect(await paymentsOf(deposit.id)).toEqual([
      [12_615, 'carte'],
      [-12_615, 'carte'],
    ]);
  });

  it('records a cancelled mission’s deposit given back from the dashboard, once made and once, on the provider’s word', async () => {
    const { customer, quote, deposit, paymentIntent } = await cardPaidDeposit(t, fake, admin);
    // The operator cancels the signed mission: the deposit is credited, the 126,15 € received are his to give back (or not).
    await cancelMission(quote.id);
    const fromDashboard = (id: string, amount: number, status: string) => ({
      id,
      object: 'refund',
      amount,
      currency: 'eur',
      payment_intent: paymentIntent,
      status,
      metadata: {},
    });
    // Waiting at the card's bank: nothing recorded yet; more than the invoice holds: refused.
    expect(await notify('refund.created', fromDashboard('re_test_cancel_whole', 12_615, 'pending'))).toMatchObject({ applied: false });
    expect(await notify('refund.created', fromDashboard('re_test_cancel_more', 20_000, 'succeeded'))).toMatchObject({ applied: false });
    expect(await paymentsOf(deposit.id)).toEqual([[12_615, 'carte']]);

    const made = fromDashboard('re_test_cancel_whole', 12_615, 'succeeded');
    await expectGivenBackOnce(['refund.updated', 'refund.updated'], made, deposit.id, customer.email);
    // Not a withdrawal's refund: nothing for « À faire » nor for the invoice's card refund section.
    expect((await refundsOf(deposit.id)).remboursements).toEqual([]);
    expect((await toMake()).map((row) => row.factureId)).not.toContain(deposit.id);
  });

  it('gives a cancelled mission’s deposit back on the card when the operator chooses to, recorded once the provider says it is made', async () => {
    const { customer, quote, deposit, paymentIntent } = await cardPaidDeposit(t, fake, admin);
    const [card] = (await getInvoice(invoiceDeps(t), deposit.id)).paiements;
    // Paid, then not owed: nothing to give back yet.
    expect((await refundsOf(deposit.id)).remboursements).toEqual([]);
    await cancelMission(quote.id);
    // The credit note leaves 126,15 € received beyond what is owed: offered, on the card that paid, not in « À faire » (his call).
    expect((await refundsOf(deposit.id)).remboursements).toEqual([
      { paiementId: card!.id, motif: 'trop-perçu', date: card!.date, montantCentimes: 12_615, statut: null, majLe: null },
    ]);
    expect((await toMake()).map((row) => row.factureId)).not.toContain(deposit.id);

    // Waiting at the card's bank: asked once, nothing in the books yet.
    expect(await refundWhileProviderSays('pending', deposit.id, card!.id)).toEqual([
      expect.objectContaining({ paiementId: card!.id, statut: 'en cours', montantCentimes: 12_615 }),
    ]);
    expect((await refund(deposit.id, card!.id)).json().message).toBe(msg.alreadyAsked);
    expect(await paymentsOf(deposit.id)).toEqual([[12_615, 'carte']]);
    const atStripe = [...fake.refunds.values()].filter((one) => one.payment_intent === paymentIntent);
    expect(atStripe).toEqual([expect.objectContaining({ amount: 12_615, metadata: { factureId: deposit.id, paiementId: card!.id } })]);

    // Made: the provider's word records the money given back, once, and tells the customer once.
    const made = { ...atStripe[0]!, status: 'succeeded' };
    await expectGivenBackOnce(['refund.updated', 'charge.refund.updated'], made, deposit.id, customer.email);
    expect((await refundsOf(deposit.id)).remboursements).toEqual([
      expect.objectContaining({ paiementId: card!.id, motif: 'trop-perçu', statut: 'effectué', montantCentimes: 12_615 }),
    ]);
    expect((await refund(deposit.id, card!.id)).json().message).toBe(msg.alreadyDone);

    // The card's bank sends it back later (a closed card): the money is held again, once, and offered again.
    const failed = { ...made, status: 'failed' };
    expect(await notify('refund.failed', failed)).toMatchObject({ applied: true });
    expect(await notify('refund.updated', failed)).toMatchObject({ applied: true });
    expect(await failureNotices(deposit.numero!)).toHaveLength(1);
    // The customer, told it was made, is told once that it came back.
    const bounced = await bouncedNotices(customer.email);
    expect(bounced.map((mail) => mail.subject)).toEqual([refundBouncedMailTexts.subject(deposit.numero!)]);
    expect(bounced[0]!.text?.replace(/\s+/g, ' ')).toContain(
      refundBouncedMailTexts.body(formatCentimes(12_615), deposit.numero!).replace(/\s+/g, ' '),
    );
    // A late copy of « made » (a notification sent again) takes nothing back: still failed, the money still held, nobody told.
    expect(await notify('charge.refund.updated', made)).toMatchObject({ applied: true });
    expect(await paymentsOf(deposit.id)).toEqual([
      [12_615, 'carte'],
      [-12_615, 'carte'],
      [12_615, 'carte'],
    ]);
    expect((await refundsOf(deposit.id)).remboursements).toEqual([
      expect.objectContaining({ paiementId: card!.id, motif: 'trop-perçu', statut: 'échoué', montantCentimes: 12_615 }),
    ]);
    expect(await refundNotices(customer.email)).toHaveLength(1);
    expect(await bouncedNotices(customer.email)).toHaveLength(1);
  });

  it('offers a failed refund of money received in excess again, and records at once a new one the provider answers is made', async () => {
    const { quote, deposit, paymentIntent } = await cardPaidDeposit(t, fake, admin);
    await cancelMission(quote.id);
    const [offered] = (await refundsOf(deposit.id)).remboursements;
    expect(await refundWhileProviderSays('failed', deposit.id, offered!.paiementId)).toEqual([
      expect.objectContaining({ paiementId: offered!.paiementId, statut: 'échoué', montantCentimes: 12_615 }),
    ]);
    // Refused while he looks at the page: said there, not e-mailed.
    expect(await failureNotices(deposit.numero!)).toEqual([]);
    expect(await paymentsOf(deposit.id)).toEqual([[12_615, 'carte']]);

    // He gives 26,15 € back by transfer meanwhile: the card is asked for the 100,00 € left, and that is what is recorded.
    await recordPayment(invoiceDeps(t), SERVICE_ADMIN, deposit.id, { date: parisToday(), montantCentimes: -2_615, moyen: 'virement' });
    const made = await refund(deposit.id, offered!.paiementId);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<CardRefunds>().remboursements).toEqual([expect.objectContaining({ statut: 'effectué', montantCentimes: 10_000 })]);
    const books = [
      [12_615, 'carte'],
      [-2_615, 'virement'],
      [-10_000, 'carte'],
    ];
    expect(await paymentsOf(deposit.id)).toEqual(books);
    const tries = [...fake.refunds.values()].filter((one) => one.payment_intent === paymentIntent);
    expect(tries.map((one) => [one.status, one.amount])).toEqual([
      ['failed', 12_615],
      ['succeeded', 10_000],
    ]);
    expect(await notify('refund.created', { ...tries[1]! })).toMatchObject({ applied: true });
    expect(await paymentsOf(deposit.id)).toEqual(books);
  });

  it('asks the provider where a pending refund is when its page is read, as no notification came, and keeps the last word when it does not answer', async () => {
    const { customer, quote, deposit } = await cardPaidDeposit(t, fake, admin);
    await cancelMission(quote.id);
    const [offered] = (await refundsOf(deposit.id)).remboursements;
    expect(await refundWhileProviderSays('pending', deposit.id, offered!.paiementId)).toEqual([
      expect.objectContaining({ statut: 'en cours' }),
    ]);
    const atStripe = [...fake.refunds.values()].find((one) => one.metadata.paiementId === offered!.paiementId)!;
    // Still waiting at Stripe: nothing changes.
    expect((await refundsOf(deposit.id)).remboursements).toEqual([expect.objectContaining({ statut: 'en cours' })]);
    // Stripe cannot find it (or does not answer): the page still reads, as last recorded.
    fake.refunds.delete(atStripe.id);
    expect((await refundsOf(deposit.id)).remboursements).toEqual([expect.objectContaining({ statut: 'en cours' })]);
    // Made, and the endpoint sends no refund events: the next read records it, once, and tells the customer once.
    fake.refunds.set(atStripe.id, { ...atStripe, status: 'succeeded' });
    expect((await refundsOf(deposit.id)).remboursements).toEqual([expect.objectContaining({ statut: 'effectué' })]);
    expect((await refundsOf(deposit.id)).remboursements).toEqual([expect.objectContaining({ statut: 'effectué' })]);
    expect(await paymentsOf(deposit.id)).toEqual([
      [12_615, 'carte'],
      [-12_615, 'carte'],
    ]);
    expect(await refundNotices(customer.email)).toHaveLength(1);
  });

  it('tells the customer once when several of the provider’s notifications of a refund made arrive together', async () => {
    const { customer, quote, deposit } = await cardPaidDeposit(t, fake, admin);
    await cancelMission(quote.id);
    const [offered] = (await refundsOf(deposit.id)).remboursements;
    await refundWhileProviderSays('pending', deposit.id, offered!.paiementId);
    const atStripe = [...fake.refunds.values()].find((one) => one.metadata.paiementId === offered!.paiementId)!;
    const made = { ...atStripe, status: 'succeeded' };
    const answers = await Promise.all(['refund.updated', 'charge.refund.updated', 'refund.updated'].map((type) => notify(type, made)));
    expect(answers.every((answer) => answer.applied)).toBe(true);
    expect(await refundNotices(customer.email)).toHaveLength(1);
    expect(await paymentsOf(deposit.id)).toEqual([
      [12_615, 'carte'],
      [-12_615, 'carte'],
    ]);
  });

  it('says in French when the provider refuses, records nothing, and refuses a refund that is not the invoice’s', async () => {
    const { deposit, paymentIntent } = await withdrawnAfterCardPayment();
    const { paiementId } = (await refundsOf(deposit.id)).remboursements[0]!;
    // Refunded already from the dashboard, and that notification lost: the provider says there is nothing left to refund.
    fake.charged.set(paymentIntent, 0);
    const refused = await refund(deposit.id, paiementId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(msg.providerRefused);
    expect((await refundsOf(deposit.id)).remboursements[0]!.statut).toBeNull();

    const unknown = await refund(deposit.id, 'pas-un-remboursement');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(msg.unknownRefund);
    const missing = await t.app.inject({ method: 'GET', url: apiPath(payments.cardRefunds, { id: 'inconnue' }), headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(msg.notFound);
  });
});
