import { describe, expect, it } from 'vitest';
import { apiPath, apiRouteList, apiRoutes, routeKey } from './api-paths.ts';

describe('the API path table', () => {
  it('fills a pattern with its encoded parameters', () => {
    expect(apiPath(apiRoutes.quotes.get, { id: 'a/b c' })).toBe('/api/devis/a%2Fb%20c');
    expect(apiPath(apiRoutes.missions.putPhoto, { id: 'q1', etape: 'livraison', photoId: 'p1' })).toBe(
      '/api/admin/missions/q1/livraison/photos/p1',
    );
  });

  it('adds the query values that are set, and nothing when none is', () => {
    expect(apiPath(apiRoutes.quotes.list)).toBe('/api/devis');
    expect(apiPath(apiRoutes.quotes.list, {}, { q: 'lyon centre', vide: '', absent: undefined })).toBe('/api/devis?q=lyon+centre');
    expect(apiPath(apiRoutes.invoices.revenueCsv, {}, { annee: 2026 })).toBe('/api/admin/chiffre-affaires.csv?annee=2026');
  });

  it('refuses to build an address with a parameter missing', () => {
    // @ts-expect-error the id is required by the pattern
    expect(() => apiPath(apiRoutes.quotes.get, {})).toThrow(/:id/);
  });

  it('names each route once, under /api', () => {
    const keys = apiRouteList.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of apiRouteList) expect(route.path).toMatch(/^\/api\//);
  });
});
