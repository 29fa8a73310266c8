import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisToday } from '#domain/format.ts';
import { addDays } from '#domain/invoices.ts';
import { apiPath, apiRoutes } from '#domain/api-paths.ts';
import { invoiceMailTexts } from '#domain/texts/invoices.ts';
import { reminderApiMessages } from '#domain/texts/payments.ts';
import { getInvoice } from '#server/invoices/service.ts';
import { addProfile, depsOf as invoiceDeps, issuedInvoice, issuedThroughService } from '#server/invoices/test-factories.ts';
import { addressOf, buildTestApp, createAdmin, createCustomer, ENGINES, queuedMessages, type TestApp } from '#server/test/helpers.ts';
import { sendDueReminders, setInvoiceReminders } from './reminders.ts';

/** Noon in Paris on a day (the task runs at any hour; the day is what counts). */
const at = (day: string) => new Date(`${day}T11:00:00Z`);

describe.each(ENGINES)('automatic reminders on %s', (engine) => {
  let t: TestApp;
  let admin: { cookie: string; origin: string };
  const issuedOn = parisToday();
  const dueOn = addDays(issuedOn, 30);

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { BUSINESS_IBAN: 'FR7630006000011234567890189', INVOICE_PAYMENT_DAYS: '30', REMINDER_BEFORE_DAYS: '3' },
    });
    admin = (await createAdmin(t)).headers;
  });
  afterAll(() => t.close());

  const deps = () => ({ database: t.app.database, config: t.config });
  /** The reminders e-mailed to `address` since the last call. */
  let seen = 0;
  async function remindersTo(address: string) {
    const mails = await t.outbox();
    const fresh = mails.slice(seen);
    seen = mails.length;
    return fresh.filter((mail) => addressOf(mail) === address && mail.subject?.startsWith('Rappel'));
  }

  it('sends each step once on its day: before the due date, the day after it, fifteen days after; the late ones state the penalties to a business only', async () => {
    const company = await createCustomer(t, { name: 'Transports Lefèvre' });
    await addProfile(t, company, { type: 'entreprise' });
    const person = await createCustomer(t, { name: 'Claire Martin' });
    const { invoice: business } = await issuedInvoice(t, admin, company, { entreprise: true });
    const consumer = await getInvoice(invoiceDeps(t), await issuedThroughService(t, person));
    await t.outbox();
    seen = (await t.outbox()).length;

    expect(await sendDueReminders(deps(), at(addDays(dueOn, -4)))).toEqual({ sent: 0 });
    expect(await sendDueReminders(deps(), at(addDays(dueOn, -3)))).toEqual({ sent: 2 });
    expect(await sendDueReminders(deps(), at(addDays(dueOn, -3)))).toEqual({ sent: 0 });
    expect(await sendDueReminders(deps(), at(dueOn))).toEqual({ sent: 0 });
    const before = await remindersTo(company.email);
    expect(before).toHaveLength(1);
    expect(before[0]!.subject).toBe(invoiceMailTexts.reminderSubject(business.numero!));
    expect(before[0]!.text).not.toContain('40 €');
    expect(before[0]!.attachments.map((file) => file.filename)).toEqual([
      `facture-${business.numero}.pdf`,
      `virement-${business.numero}.png`,
    ]);

    expect(await sendDueReminders(deps(), at(addDays(dueOn, 1)))).toEqual({ sent: 2 });
    const late = await remindersTo(company.email);
    expect(late).toHaveLength(1);
    expect(late[0]!.text).toContain('L441-10 et D441-5');
    expect(late[0]!.text).toContain('40 €');
    const lateConsumer = (await t.outbox()).filter(
      (mail) => addressOf(mail) === person.email && mail.subject === invoiceMailTexts.reminderSubject(consumer.numero!),
    );
    expect(lateConsumer).toHaveLength(2);
    expect(lateConsumer.at(-1)!.text).not.toContain('40 €');
    expect(lateConsumer.at(-1)!.text).not.toContain('pénalités');

    // Stopped by the administrator for the consumer; the business's goes on.
    await setInvoiceReminders(deps(), { id: 'admin' }, consumer.id, true);
    expect(await sendDueReminders(deps(), at(addDays(dueOn, 15)))).toEqual({ sent: 1 });
    expect(await remindersTo(company.email)).toHaveLength(1);
    expect(await sendDueReminders(deps(), at(addDays(dueOn, 40)))).toEqual({ sent: 0 });
  });

  it('shows the reminders of an invoice to the administrator, and answers 404 in French for one that does not exist', async () => {
    const customer = await createCustomer(t);
    const id = await issuedThroughService(t, customer);
    const url = (factureId: string) => apiPath(apiRoutes.payments.reminders, { id: factureId });
    const shown = await t.app.inject({ method: 'GET', url: url(id), headers: admin });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ arretees: false, envoyees: [] });
    for (const method of ['GET', 'PUT'] as const) {
      const missing = await t.app.inject({
        method,
        url: url('facture-inconnue'),
        headers: admin,
        payload: method === 'PUT' ? { arretees: true } : undefined,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: reminderApiMessages.notFound });
    }
  });

  it('sends nothing for an invoice paid in full', async () => {
    const customer = await createCustomer(t);
    const id = await issuedThroughService(t, customer);
    await t.app.database.db
      .insertInto('facture_paiements')
      .values({
        id: `p-${id}`,
        factureId: id,
        date: issuedOn,
        montantCentimes: 45_050,
        moyen: 'virement',
        byUserId: null,
        reference: null,
        cle: null,
        createdAt: new Date().toISOString(),
      })
      .execute();
    await sendDueReminders(deps(), at(addDays(dueOn, 1)));
    const rows = await t.app.database.db.selectFrom('relances').selectAll().where('factureId', '=', id).execute();
    expect(rows).toEqual([]);
  });
});

describe('automatic reminders on PostgreSQL with two instances', () => {
  let t: TestApp;
  const dueOn = addDays(parisToday(), 30);
  beforeAll(async () => {
    t = await buildTestApp('postgres', { env: { INVOICE_PAYMENT_DAYS: '30' } });
  });
  afterAll(() => t.close());
  const deps = () => ({ database: t.app.database, config: t.config });

  it('sends each reminder once when two instances run the task at the same moment', async () => {
    const other = await buildTestApp('postgres', { env: { ...t.env } });
    try {
      const customer = await createCustomer(t);
      const id = await issuedThroughService(t, customer);
      const day = at(addDays(dueOn, 1));
      // The declared task on both instances (one holds its advisory lock), and a direct run besides.
      const runs = await Promise.all([
        t.app.tasks.runNow<{ sent: number }>('payment-reminders', day),
        other.app.tasks.runNow<{ sent: number }>('payment-reminders', day),
        sendDueReminders(deps(), day),
      ]);
      expect(runs.reduce((total, run) => total + (run?.sent ?? 0), 0)).toBe(1);
      const rows = await t.app.database.db.selectFrom('relances').selectAll().where('factureId', '=', id).execute();
      expect(rows.map((row) => row.etape)).toEqual(['echeance-depassee']);
      const queued = await t.app.database.db.selectFrom('outbox').select('id').where('id', '=', rows[0]!.outboxId!).execute();
      expect(queued).toHaveLength(1);
      expect(await queuedMessages(t, 'invoice-reminder', { recipient: customer.email })).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
