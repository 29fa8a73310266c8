import { verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { buildTestAppForThisTest, createCustomer, ENGINES, PUBLIC_URL, type TestApp } from '#server/test/helpers.ts';

/**
 * The suites hash passwords at a token cost (NODE_ENV=test, docs/decisions/0057); any other
 * configuration keeps better-auth's scrypt (N=16384, r=16, p=1), and never accepts a hash
 * made at the test cost.
 */

async function storedHashOf(t: TestApp, userId: string) {
  const account = await t.app.database.db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirstOrThrow();
  return account.password!;
}

const signIn = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: PUBLIC_URL }, payload: { email, password } });

describe.each(ENGINES)('password hashing cost on %s', (engine) => {
  it('is better-auth’s own scrypt in production: its own check, at its fixed cost, accepts the stored hash', async () => {
    const t = await buildTestAppForThisTest(engine, { env: { NODE_ENV: 'production' } });
    const customer = await createCustomer(t);
    const hash = await storedHashOf(t, customer.id);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: customer.password })).toBe(true);
    expect(await verifyPassword({ hash, password: `${customer.password}!` })).toBe(false);
  });

  it('is a token cost under test only, whose hash a production server refuses', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    const hash = await storedHashOf(t, customer.id);
    expect(hash).toMatch(/^test-scrypt\$/);
    expect((await signIn(t, customer.email, customer.password)).statusCode).toBe(200);

    // The same database and files, served with the production configuration.
    await t.app.close();
    const production = await buildTestAppForThisTest(engine, { env: { ...t.env, NODE_ENV: 'production' } });
    const refused = await signIn(production, customer.email, customer.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'invalid_credentials' });
  });
});
