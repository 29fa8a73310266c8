import { describe, expect, it } from 'vitest';
import { pageModule, routeList } from '#domain/paths.ts';
import { lazyPages, pageComponent } from './router.tsx';

describe('the router', () => {
  it('finds for every route of the table its page module and the component it exports', async () => {
    for (const { name } of routeList.filter((route) => route.name !== 'home')) {
      const load = lazyPages[`./${pageModule(name)}.tsx`];
      expect(load, `src/client/pages/${pageModule(name)}.tsx`).toBeDefined();
      expect(typeof (await load!())[pageComponent(name)], pageComponent(name)).toBe('function');
    }
  });

  it('has no page module that no route uses', () => {
    const used = new Set(routeList.map((route) => `./${pageModule(route.name)}.tsx`));
    expect(Object.keys(lazyPages).filter((module) => !used.has(module))).toEqual([]);
  });
});
