import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import type { Statut } from '#domain/statuses.ts';
import { notificationTexts as n } from '#domain/texts/signature.ts';
import { createQuoteInStatus, putCompletion } from '#server/quotes/test-factories.ts';
import {
  addressOf,
  ADMIN_EMAIL,
  createAdmin,
  createCustomer,
  ENGINES,
  PUBLIC_URL,
  type TestApp,
  useTestApp,
} from '#server/test/helpers.ts';

type Headers = { cookie: string; origin: string };

/** What every notification must be: both parts (the HTML at a phone's width), the business identity, links to our site only, nothing that tracks. */
function expectWellFormed(mail: ParsedMail, t: TestApp) {
  expect(mail.text?.trim()).toBeTruthy();
  expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  for (const part of [mail.text!, mail.html as string]) {
    expect(part).toContain(t.config.seller.tradeName);
    expect(part).toContain(t.config.seller.siret);
    expect(part).toContain(t.config.seller.address);
  }
  expect(mail.html).not.toMatch(/<img|<script|utm_|track/i);
  const links = [...(mail.html as string).matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(PUBLIC_URL)).toBe(true);
}

describe.each(ENGINES)('notifications of each step on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: Headers;
  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
  });

  /** The e-mails sent while `act` runs. */
  async function mailsDuring(act: () => Promise<unknown>): Promise<ParsedMail[]> {
    const before = (await t.outbox()).length;
    await act();
    return (await t.outbox()).slice(before);
  }

  it('tells the administrator « Devis n° N à confirmer » when a customer completes a quote, with a link to it in the back office', async () => {
    const customer = await createCustomer(t, { name: 'Hélène Dupré' });
    const quote = await createQuoteInStatus(t.app.database, customer, 'en attente');
    const mails = await mailsDuring(async () => {
      const response = await putCompletion(t, quote.id, customer.headers, validCompletion());
      expect(response.statusCode).toBe(200);
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(n.adminToConfirmSubject(quote.numeroDevis));
    expect(addressOf(mails[0]!)).toBe(ADMIN_EMAIL);
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/admin/devis/${quote.id}/edit`);
    expectWellFormed(mails[0]!, t);
  });

  it.each<[string, Statut, string, Statut]>([
    ['confirmer-signe', 'envoyé', 'En cours', 'en cours'],
    ['terminer', 'en cours', 'Terminé', 'terminé'],
    ['archiver', 'en attente de confirmation', 'Archivé', 'archivé'],
  ])('tells the customer when the administrator moves his quote on (%s, from %s)', async (action, from, label) => {
    const customer = await createCustomer(t);
    const quote = await createQuoteInStatus(t.app.database, customer, from);
    const mails = await mailsDuring(async () => {
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/${action}`, headers: admin })).statusCode).toBe(200);
    });
    expect(mails).toHaveLength(1);
    expect(addressOf(mails[0]!)).toBe(customer.email);
    expect(mails[0]!.subject).toBe(n.customerStatusSubject(quote.numeroDevis, label));
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/devis/${quote.id}`);
    expect(mails[0]!.text).toContain(n.optOut);
    expectWellFormed(mails[0]!, t);
  });

  it('tells the customer when the administrator deletes his quote', async () => {
    const customer = await createCustomer(t);
    const quote = await createQuoteInStatus(t.app.database, customer, 'en cours');
    const mails = await mailsDuring(async () => {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/devis/${quote.id}`, headers: admin })).statusCode).toBe(204);
    });
    expect(mails.map((mail) => mail.subject)).toEqual([n.customerDeletedSubject(quote.numeroDevis)]);
    expect(addressOf(mails[0]!)).toBe(customer.email);
    expectWellFormed(mails[0]!, t);
  });

  it('sends nothing to the customer for what he did himself (archive, restore)', async () => {
    const customer = await createCustomer(t);
    const quote = await createQuoteInStatus(t.app.database, customer, 'en attente');
    const mails = await mailsDuring(async () => {
      await t.app.inject({ method: 'POST', url: `/api/devis/${quote.id}/archiver`, headers: customer.headers });
      await t.app.inject({ method: 'POST', url: `/api/devis/${quote.id}/restaurer`, headers: customer.headers });
    });
    expect(mails).toEqual([]);
  });

  it('lets the customer turn the status news off in his area, and back on; the switch is his alone', async () => {
    const customer = await createCustomer(t);
    const preference = (headers: Headers | undefined) => t.app.inject({ url: '/api/comptes/notifications', headers });
    expect((await preference(customer.headers)).json()).toEqual({ suiviParEmail: true, suiviParSms: true });

    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/comptes/notifications',
      headers: customer.headers,
      payload: { suiviParEmail: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await preference(customer.headers)).json()).toEqual({ suiviParEmail: false, suiviParSms: true });
    const other = await createCustomer(t);
    expect((await preference(other.headers)).json()).toEqual({ suiviParEmail: true, suiviParSms: true });

    const quote = await createQuoteInStatus(t.app.database, customer, 'en cours');
    const silent = await mailsDuring(async () => {
      await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/terminer`, headers: admin });
      await t.app.inject({ method: 'DELETE', url: `/api/admin/devis/${quote.id}`, headers: admin });
    });
    expect(silent.filter((mail) => addressOf(mail) === customer.email)).toEqual([]);

    await t.app.inject({ method: 'PUT', url: '/api/comptes/notifications', headers: customer.headers, payload: { suiviParEmail: true } });
    const again = await createQuoteInStatus(t.app.database, customer, 'en cours');
    const told = await mailsDuring(async () => {
      await t.app.inject({ method: 'POST', url: `/api/admin/devis/${again.id}/terminer`, headers: admin });
    });
    expect(told.map(addressOf)).toEqual([customer.email]);

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/comptes/notifications',
      headers: customer.headers,
      payload: { suiviParEmail: 'non' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await preference({ origin: PUBLIC_URL } as Headers)).statusCode).toBe(401);
  });
});
