import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it, vi } from 'vitest';
import { expensesRoutes } from '#domain/api-paths.ts';
import type { DepenseCreate } from '#domain/schemas/expenses.ts';
import { expenseApiMessages, expenseTexts as t } from '#domain/texts/expenses.ts';
import { freshOfflineModulesEachTest } from '#client/test/offline.ts';
import { requestOf } from '#client/test/render.tsx';

/**
 * The expenses' step of the shared sender against a fake network at fetch, over the back
 * office's IndexedDB (here fake-indexeddb): each expense created once under the id the page
 * made, then its receipt; nothing lost or sent twice when the network fails half-way; a
 * refusal kept with its French message, never sent again.
 */

const offline = await freshOfflineModulesEachTest(
  () => import('./store.ts'),
  () => import('./sync.ts'),
);

const body = (overrides: Partial<DepenseCreate> = {}): DepenseCreate => ({
  id: crypto.randomUUID(),
  devisId: 'devis-1',
  categorie: 'train',
  montantCentimes: 4_790,
  tvaCentimes: 435,
  date: '2026-12-01',
  moyenPaiement: 'carte',
  note: 'Limoges → Bayonne',
  ...overrides,
});
const receipt = (text: string) => new NodeBlob([text], { type: 'image/jpeg' }) as unknown as Blob;

type Call = { method: string; path: string; contentType: string | null; body: unknown };

/**
 * The network: `answer` decides each request's fate (a status, or 'offline' for no network); it
 * may act first, as the operator would while the request is on its way.
 */
function network(answer: (call: Call, calls: Call[]) => number | 'offline' | Promise<number | 'offline'> = () => 201) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://localhost').pathname,
        contentType: new Headers(init.headers).get('content-type'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      };
      const fate = await answer(call, calls);
      calls.push(call);
      if (fate === 'offline') throw new TypeError('Failed to fetch');
      const payload = fate >= 400 ? { error: 'refused', message: expenseApiMessages.receiptUnsupported } : { id: 'stored' };
      return new Response(JSON.stringify(payload), { status: fate, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const create = requestOf(expensesRoutes.create);
const updateOf = (id: string) => requestOf(expensesRoutes.update, { id });
const deleteOf = (id: string) => requestOf(expensesRoutes.delete, { id });
const receiptOf = (id: string) => requestOf(expensesRoutes.putReceipt, { id });
const requests = (calls: Call[]) => calls.map((call) => `${call.method} ${call.path}`);

describe('the sender of the expenses recorded on the phone', () => {
  it('creates each expense under its own id, then sends its receipt, then forgets it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const train = body();
    const toll = body({ categorie: 'peage', montantCentimes: 3_500, tvaCentimes: 0 });
    await offline.sync.recordExpense(train, receipt('jpeg'));
    await offline.sync.recordExpense(toll, null);
    expect((await offline.store.listWaitingExpenses()).map((expense) => expense.id)).toEqual([train.id, toll.id]);

    const calls = network();
    await offline.sender.syncNow();
    expect(requests(calls)).toEqual([create, receiptOf(train.id), create]);
    expect(calls[1]!.contentType).toBe('image/jpeg');
    expect(await offline.store.listWaitingExpenses()).toEqual([]);

    await offline.sender.syncNow();
    expect(calls).toHaveLength(3);
  });

  it('keeps an expense whose receipt met no network, and sends only the receipt when the network returns', async () => {
    const train = body();
    network(() => 'offline');
    await offline.sync.recordExpense(train, receipt('jpeg'));
    await offline.sender.syncNow();

    const calls = network((call) => (call.method === 'PUT' ? 'offline' : 201));
    await offline.sender.syncNow();
    expect(requests(calls)).toEqual([create, receiptOf(train.id)]);
    expect(await offline.store.listWaitingExpenses()).toMatchObject([{ id: train.id, created: true, error: null }]);

    const again = network(() => 200);
    await offline.sender.syncNow();
    expect(requests(again)).toEqual([receiptOf(train.id)]);
    expect(await offline.store.listWaitingExpenses()).toEqual([]);
  });

  it('keeps a refused receipt with the French reason, never sends it again, until the operator removes it', async () => {
    const train = body();
    const calls = network((call) => (call.method === 'PUT' ? 415 : 201));
    await offline.sync.recordExpense(train, receipt('not a photo'));
    await offline.sender.syncNow();
    expect(await offline.store.listWaitingExpenses()).toMatchObject([
      { id: train.id, created: true, error: t.receiptRefused(expenseApiMessages.receiptUnsupported) },
    ]);

    await offline.sender.syncNow();
    expect(requests(calls)).toEqual([create, receiptOf(train.id)]);
    await offline.sync.discardExpense(train.id);
    expect(await offline.store.listWaitingExpenses()).toEqual([]);
  });

  it('sends a change or a removal of an expense the server has, kept on the phone without network, and never creates it', async () => {
    const toll = body({ categorie: 'peage', montantCentimes: 3_650 });
    const parking = body({ categorie: 'parking' });
    network(() => 'offline');
    // Two taps a minute apart: the phone lists and sends them in that order (within one
    // millisecond the order would be the ids').
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-12-01T08:00:00Z') });
    await offline.sync.keepChangeOnPhone(toll, receipt('jpeg'));
    vi.setSystemTime(Date.parse('2026-12-01T08:01:00Z'));
    await offline.sync.keepChangeOnPhone(parking, null, { removed: true });
    vi.useRealTimers();
    expect(await offline.store.listWaitingExpenses()).toMatchObject([
      { id: toll.id, created: true, removed: false },
      { id: parking.id, created: true, removed: true },
    ]);

    const calls = network(() => 200);
    await offline.sender.syncNow();
    expect(requests(calls)).toEqual([updateOf(toll.id), receiptOf(toll.id), deleteOf(parking.id)]);
    expect(calls[0]!.body).toMatchObject({ categorie: 'peage', montantCentimes: 3_650 });
    expect(calls[0]!.body).not.toHaveProperty('id');
    expect(await offline.store.listWaitingExpenses()).toEqual([]);
  });

  it('creates an expense changed on the phone before it left with the fields as changed', async () => {
    const train = body();
    network(() => 'offline');
    await offline.sync.recordExpense(train, null);
    await offline.sync.reviseExpense({ ...train, montantCentimes: 5_790, note: 'Limoges → Pau' }, null);

    const calls = network();
    await offline.sender.syncNow();
    expect(requests(calls)).toEqual([create]);
    expect(calls[0]!.body).toMatchObject({ id: train.id, montantCentimes: 5_790, note: 'Limoges → Pau' });
    expect(await offline.store.listWaitingExpenses()).toEqual([]);
  });

  it('sends a change made while the expense was on its way once the server has it, then forgets it', async () => {
    const train = body();
    const calls = network(async (call) => {
      if (call.method === 'POST') await offline.sync.reviseExpense({ ...train, montantCentimes: 5_790 }, null);
      return call.method === 'POST' ? 201 : 200;
    });
    await offline.sync.recordExpense(train, null);
    await offline.sender.syncNow();
    expect(requests(calls)).toEqual([create, updateOf(train.id)]);
    expect(calls[0]!.body).toMatchObject({ montantCentimes: 4_790 });
    expect(calls[1]!.body).toMatchObject({ montantCentimes: 5_790, categorie: 'train' });
    expect(await offline.store.listWaitingExpenses()).toEqual([]);
  });

  it('deletes on the server an expense removed while it was on its way; one removed before it left is never sent', async () => {
    const train = body();
    const calls = network(async (call) => {
      if (call.method === 'POST') await offline.sync.removeWaitingExpense(train.id);
      return call.method === 'POST' ? 201 : 204;
    });
    await offline.sync.recordExpense(train, receipt('jpeg'));
    await offline.sender.syncNow();
    expect(requests(calls)).toEqual([create, deleteOf(train.id)]);
    expect(await offline.store.listWaitingExpenses()).toEqual([]);

    const toll = body({ categorie: 'peage' });
    network(() => 'offline');
    await offline.sync.recordExpense(toll, null);
    await offline.sync.removeWaitingExpense(toll.id);
    const later = network();
    await offline.sender.syncNow();
    expect(later).toEqual([]);
    expect(await offline.store.listWaitingExpenses()).toEqual([]);
  });

  it('sends again an expense the server refused once the operator has corrected it', async () => {
    const train = body();
    let refuse = true;
    const calls = network(() => (refuse ? 422 : 201));
    await offline.sync.recordExpense(train, null);
    await offline.sender.syncNow();
    expect(await offline.store.listWaitingExpenses()).toMatchObject([
      { id: train.id, error: t.refused(expenseApiMessages.receiptUnsupported) },
    ]);

    refuse = false;
    await offline.sync.reviseExpense({ ...train, date: '2026-12-02' }, null);
    await offline.sender.syncNow();
    expect(requests(calls)).toEqual([create, create]);
    expect(calls[1]!.body).toMatchObject({ date: '2026-12-02' });
    expect(await offline.store.listWaitingExpenses()).toEqual([]);
  });

  it('shows again, with the refusal, an expense whose removal the server refused', async () => {
    const train = body();
    network((call) => (call.method === 'PUT' ? 'offline' : 201));
    await offline.sync.recordExpense(train, receipt('jpeg'));
    await offline.sender.syncNow();
    expect(await offline.store.listWaitingExpenses()).toMatchObject([{ id: train.id, created: true }]);

    const calls = network(() => 409);
    await offline.sync.removeWaitingExpense(train.id);
    await offline.sender.syncNow();
    expect(requests(calls)).toEqual([deleteOf(train.id)]);
    expect(await offline.store.listWaitingExpenses()).toMatchObject([
      { id: train.id, removed: false, error: t.refused(expenseApiMessages.receiptUnsupported) },
    ]);
  });
});
