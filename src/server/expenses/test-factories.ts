import { randomUUID } from 'node:crypto';
import type { Depense, DepenseCreate, MissionCosts } from '#domain/schemas/expenses.ts';
import type { TestApp } from '#server/test/helpers.ts';

type Headers = { cookie: string; origin: string };

/** An expense's body as the page sends it (test factory): a toll paid by card, under a new id. */
export const expenseBody = (overrides: Partial<DepenseCreate> = {}): DepenseCreate => ({
  id: randomUUID(),
  devisId: null,
  categorie: 'peage',
  montantCentimes: 2_340,
  tvaCentimes: 390,
  date: '2026-12-01',
  moyenPaiement: 'carte',
  note: '',
  ...overrides,
});

async function call<T>(t: TestApp, headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: response.statusCode,
    body: (isJson && response.body ? JSON.parse(response.body) : null) as T & { error?: string; message?: string },
    raw: response,
  };
}

export const expenseApi = {
  create: (t: TestApp, h: Headers, body: unknown) => call<Depense>(t, h, 'POST', '/api/admin/depenses', body),
  list: (t: TestApp, h: Headers, query = '') =>
    call<{ depenses: Depense[]; totalCentimes: number }>(t, h, 'GET', `/api/admin/depenses${query}`),
  get: (t: TestApp, h: Headers, id: string) => call<Depense>(t, h, 'GET', `/api/admin/depenses/${id}`),
  update: (t: TestApp, h: Headers, id: string, body: unknown) => call<Depense>(t, h, 'PUT', `/api/admin/depenses/${id}`, body),
  delete: (t: TestApp, h: Headers, id: string) => call<object>(t, h, 'DELETE', `/api/admin/depenses/${id}`),
  costs: (t: TestApp, h: Headers, devisId: string) => call<MissionCosts>(t, h, 'GET', `/api/admin/missions/${devisId}/couts`),
  receipt: async (t: TestApp, h: Headers, id: string, content: Buffer, type: string) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/depenses/${id}/justificatif`,
      headers: { ...h, 'content-type': type },
      payload: content,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) as Depense & { error?: string; message?: string } };
  },
};
