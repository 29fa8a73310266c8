import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AUTH_BASE_PATH, apiRouteList, apiRoutes, routeKey } from '#domain/api-paths.ts';
import { useTestApp } from '#server/test/helpers.ts';
import { registerRoleScopes, type CapabilityRoutes } from './role-scopes.ts';

describe('the API path table and the server', () => {
  const t = useTestApp('sqlite');

  it('registers every route of the table, and no API route outside it', () => {
    const registered = new Set(
      t.app.routeCatalogue
        .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
        .filter((route) => !route.url.startsWith('/api/docs') && route.url !== `${AUTH_BASE_PATH}/*`)
        .map((route) => `${route.method} ${route.url}`),
    );
    const inTable = new Set(apiRouteList.filter((route) => !route.path.startsWith(`${AUTH_BASE_PATH}/`)).map(routeKey));
    expect(
      [...registered].filter((key) => !inTable.has(key)),
      'registered, not in the table',
    ).toEqual([]);
    expect(
      [...inTable].filter((key) => !registered.has(key)),
      'in the table, not registered',
    ).toEqual([]);
  });

  it('hands the table’s better-auth endpoints to better-auth, and refuses its others', async () => {
    for (const route of Object.values(apiRoutes.auth)) {
      const response = await t.app.inject({ method: route.method, url: route.path, payload: {} });
      expect(response.statusCode, routeKey(route)).not.toBe(404);
    }
    const hidden = await t.app.inject({ method: 'POST', url: `${AUTH_BASE_PATH}/update-user`, payload: {} });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('the role scopes', () => {
  async function register(routes: CapabilityRoutes) {
    const app = Fastify();
    try {
      await registerRoleScopes(app, [routes]);
      await app.ready();
    } finally {
      await app.close();
    }
  }

  it('refuse to start with a route registered under another role than its table entry’s', async () => {
    await expect(
      register({
        async customer(app) {
          app.get(apiRoutes.quotes.adminList.path, async () => null);
        },
      }),
    ).rejects.toThrow('GET /api/admin/devis is declared for the admin scope, registered in the customer scope');
  });

  it('refuse to start with an API route that is not in the table', async () => {
    await expect(
      register({
        async visitor(app) {
          app.get('/api/pas-dans-la-table', async () => null);
        },
      }),
    ).rejects.toThrow('GET /api/pas-dans-la-table is not in src/domain/api-paths.ts');
  });
});
