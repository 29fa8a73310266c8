import { describe, expect, it } from 'vitest';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import { createCustomer, ENGINES, useTestApp } from '#server/test/helpers.ts';

// `in ()` is a syntax error on PostgreSQL and valid on SQLite: without the plugin that
// openDatabase installs, a list query over no ids passes the SQLite suites and fails in production.
describe.each(ENGINES)('a list query over an empty list on %s', (engine) => {
  const t = useTestApp(engine);

  it('reads nothing for `in` and everything for `not in`', async () => {
    const customer = await createCustomer(t);
    const quote = await createQuoteInStatus(t.app.database, customer, 'en attente');
    const { db } = t.app.database;

    expect(await db.selectFrom('devis').select('id').where('id', 'in', []).execute()).toEqual([]);
    const others = await db.selectFrom('devis').select('id').where('id', 'not in', []).where('uid', '=', customer.id).execute();
    expect(others).toEqual([{ id: quote.id }]);
  });

  it('writes nothing for `in`', async () => {
    const customer = await createCustomer(t);
    const quote = await createQuoteInStatus(t.app.database, customer, 'en attente');
    const { db } = t.app.database;

    const deleted = await db.deleteFrom('devis').where('id', 'in', []).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(0);
    expect(await db.selectFrom('devis').select('id').where('id', '=', quote.id).execute()).toEqual([{ id: quote.id }]);
  });
});
