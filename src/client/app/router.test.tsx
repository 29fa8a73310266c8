import { describe, expect, it } from 'vitest';
import { pageModule, routeList } from '#domain/paths.ts';
import { adminPages } from './admin-pages.ts';
import { lazyPages as firstBundlePages, pageComponent } from './router.tsx';

const lazyPages = { ...firstBundlePages, ...adminPages };

describe('the router', () => {
  it('finds for every route of the table its page module and the component it exports', async () => {
    for (const { name } of routeList.filter((route) => route.name !== 'home')) {
      const load = lazyPages[`./${pageModule(name)}.tsx`];
      expect(load, `src/client/pages/${pageModule(name)}.tsx`).toBeDefined();
      expect(typeof (await load!())[pageComponent(name)], pageComponent(name)).toBe('function');
    }
  });

  it('lists the back office in its own module, not in the first bundle', () => {
    // The back office's pages: every admin route, and its second factor's set-up (behind RequireUser, see paths.ts).
    const adminRoutes = routeList
      .filter((route) => route.access === 'admin' || route.name.startsWith('admin'))
      .map((route) => `./${pageModule(route.name)}.tsx`);
    expect(Object.keys(adminPages).sort()).toEqual(adminRoutes.sort());
    expect(Object.keys(firstBundlePages).filter((module) => adminRoutes.includes(module))).toEqual([]);
  });

  it('has no page module that no route uses', () => {
    const used = new Set(routeList.map((route) => `./${pageModule(route.name)}.tsx`));
    expect(Object.keys(lazyPages).filter((module) => !used.has(module))).toEqual([]);
  });
});
