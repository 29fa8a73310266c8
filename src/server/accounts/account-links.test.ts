import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validCompletion } from '#domain/schemas/devis-completion.fixture.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import { addressOf, buildTestApp, createCustomer, ENGINES, PUBLIC_URL, type TestApp } from '#server/test/helpers.ts';

/** Password-reset links, the reset request's answer, and the one e-mail rule. */

let addressCount = 0;
const headers = () => ({
  origin: PUBLIC_URL,
  'x-forwarded-for': `198.19.${Math.floor((addressCount += 1) / 250)}.${(addressCount % 250) + 1}`,
});

function linkIn(mail: ParsedMail | undefined): URL {
  const match = mail?.text?.match(/https?:\/\/\S+/);
  if (!match) throw new Error('no link in the e-mail');
  return new URL(match[0]);
}

describe.each(ENGINES)('account links and addresses, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: headers(),
      payload: { email, redirectTo: '/reinitialiser-mot-de-passe' },
    });
  const reset = (token: string | null, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: headers(), payload: { token, newPassword } });
  const resetTokensTo = async (email: string) =>
    (await t.outbox()).filter((mail) => addressOf(mail) === email).map((mail) => linkIn(mail).searchParams.get('token'));

  it('answers a reset request in French, the same for an address with or without an account', async () => {
    const customer = await createCustomer(t);
    const known = await requestReset(customer.email);
    const unknown = await requestReset('personne@exemple.fr');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({
      status: true,
      message:
        'Si un compte existe pour cette adresse, un e-mail contenant un lien de réinitialisation vient d’être envoyé. Le lien est valable 1 heure.',
    });
    expect(unknown.body).toBe(known.body);
  });

  it('makes every earlier reset link of the account useless once one of them is used', async () => {
    const customer = await createCustomer(t);
    await requestReset(customer.email);
    await requestReset(customer.email);
    const [a, b] = await resetTokensTo(customer.email);
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(a).not.toBe(b);

    expect((await reset(b!, 'nouveau-mot-de-passe-b')).statusCode).toBe(200);
    const withA = await reset(a!, 'nouveau-mot-de-passe-a');
    expect(withA.statusCode).toBe(400);
    expect(withA.json()).toEqual({ error: 'invalid_token', message: "Ce lien n'est pas valide ou a déjà été utilisé." });

    // Another account's pending link is left alone.
    const other = await createCustomer(t);
    await requestReset(other.email);
    const [otherToken] = await resetTokensTo(other.email);
    const third = await createCustomer(t);
    await requestReset(third.email);
    const [thirdToken] = await resetTokensTo(third.email);
    expect((await reset(thirdToken!, 'encore-un-mot-de-passe')).statusCode).toBe(200);
    expect((await reset(otherToken!, 'encore-un-mot-de-passe')).statusCode).toBe(200);
  });

  it.each([
    'client,pirate@evil.example',
    'client@exemple.fr, pirate@evil.example',
    'Client <client@exemple.fr>',
    'client@exemple',
    'client@@exemple.fr',
  ])('refuses %j as the client e-mail of a completion, and as a contact e-mail', async (email) => {
    const customer = await createCustomer(t);
    for (const overrides of [
      { clientDetails: { ...validCompletion().clientDetails, email } },
      { contactDepart: { ...validCompletion().contactDepart, email } },
    ]) {
      const quote = await createQuoteInStatus(t.app.database, customer, 'en attente');
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/devis/${quote.id}/completer`,
        headers: customer.headers,
        payload: validCompletion(overrides),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toContainEqual({
        path: 'clientDetails' in overrides ? 'clientDetails.email' : 'contactDepart.email',
        message: 'Adresse e-mail invalide.',
      });
    }
  });
});
