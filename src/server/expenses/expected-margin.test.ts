import { describe, expect, it } from 'vitest';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import { buildTestAppForThisTest, createAdmin, createCustomer, ENGINES } from '#server/test/helpers.ts';
import { expenseApi as api, expenseBody } from './test-factories.ts';

// Its own database: the return-trip estimate learns from every past mission's expenses.
describe.each(ENGINES)('the expected margin of a quote awaiting confirmation on %s', (engine) => {
  it('takes the return trip and the fuel off the price, the fuel only while the customer does not pay it', async () => {
    const t = await buildTestAppForThisTest(engine);
    const admin = (await createAdmin(t)).headers;
    const customer = await createCustomer(t, { name: 'Julie Bernard' });
    const quote = await createQuoteInStatus(t.app.database, customer, 'en attente de confirmation', {
      distanceKm: 465,
      prixCentimes: 45_050,
    });
    const awaiting = await api.costs(t, admin, quote.id);
    expect(awaiting.status).toBe(200);
    // No history yet: 465 km at RETURN_COST_PER_KM_CENTS (12) and at FUEL_COST_PER_KM_CENTS (11).
    expect(awaiting.body).toMatchObject({
      retourPrevuCentimes: 5_580,
      carburantPrevuCentimes: 5_115,
      margePrevueCentimes: 45_050 - 5_580 - 5_115,
    });

    const fuelPaid = await createQuoteInStatus(t.app.database, customer, 'en cours', {
      distanceKm: 465,
      prixCentimes: 45_050,
      clauses: { km: false, longDistance: false, refacturation: ['carburant'] } as never,
    });
    expect((await api.costs(t, admin, fuelPaid.id)).body).toMatchObject({
      carburantPrevuCentimes: 5_115,
      margePrevueCentimes: 45_050 - 5_580,
    });

    // A past mission's train back, 60 € for 300 km: 20 cents per km from now on.
    const past = await createQuoteInStatus(t.app.database, customer, 'en cours', { distanceKm: 300 });
    expect((await api.create(t, admin, expenseBody({ devisId: past.id, categorie: 'train', montantCentimes: 6_000 }))).status).toBe(201);
    expect((await api.costs(t, admin, quote.id)).body).toMatchObject({
      retourPrevuCentimes: 9_300,
      margePrevueCentimes: 45_050 - 9_300 - 5_115,
    });
  });
});
