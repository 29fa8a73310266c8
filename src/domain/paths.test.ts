import { describe, expect, it } from 'vitest';
import { pageHead } from './page-head.ts';
import { indexedRoutes, isSpaRoute, pageModule, paths, routeList } from './paths.ts';
import { publicPageMeta, texts } from './texts/common.ts';

describe('the route table', () => {
  it('builds every link, encoding the parameters', () => {
    expect(paths.faq).toBe('/faq');
    expect(paths.devis('a b/c')).toBe('/devis/a%20b%2Fc');
    expect(paths.completerDevis('42')).toBe('/devis/42/completer');
    expect(paths.adminUploadSigne('x')).toBe('/admin/devis/x/upload-signe');
  });

  it('tells the addresses the app answers from the others, with or without a trailing slash', () => {
    for (const pathname of ['/', '/faq', '/faq/', '/devis/archives', '/devis/abc', '/devis/abc/completer/', '/admin/devis/abc/edit']) {
      expect(isSpaRoute(pathname), pathname).toBe(true);
    }
    for (const pathname of ['/nope', '/faq/x', '/devis', '/devis/a/b', '/admin/devis/abc', '//', '/api/devis', '/faq.']) {
      expect(isSpaRoute(pathname), pathname).toBe(false);
    }
  });

  it('names each page module after its route, and indexes exactly the public pages with a head', () => {
    expect(pageModule('adminEditDevis')).toBe('admin-edit-devis-page');
    expect(new Set(routeList.map((route) => route.path)).size).toBe(routeList.length);
    expect(indexedRoutes.map((route) => route.meta)).toEqual(expect.arrayContaining(Object.values(publicPageMeta)));
    expect(indexedRoutes.every((route) => route.access === 'public' && !route.path.includes(':'))).toBe(true);
  });
});

describe('the head of a page', () => {
  it("is an indexed page's own, the home page's for another page of the app, or the 404 page's", () => {
    expect(pageHead('/faq/', 'Convoyeur', 'https://x.fr')).toEqual({
      key: '/faq',
      title: `${publicPageMeta.faq.title} | Convoyeur`,
      description: publicPageMeta.faq.description,
      url: 'https://x.fr/faq',
      isNotFound: false,
    });
    expect(pageHead('/devis/1', 'Convoyeur', 'https://x.fr')).toMatchObject({
      key: 'app',
      title: `Convoyeur – ${publicPageMeta.home.title}`,
      url: 'https://x.fr/',
    });
    expect(pageHead('/perdu', 'Convoyeur', 'https://x.fr')).toMatchObject({
      key: 'not-found',
      title: texts.notFoundTitle,
      isNotFound: true,
    });
  });
});
