import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountsRoutes, routeKey } from '#domain/api-paths.ts';
import { pageModule, paths, routeList } from '#domain/paths.ts';
import { placeholderPublicConfig } from '#domain/public-config.ts';
import { texts } from '#domain/texts/common.ts';
import { simulatorTexts } from '#domain/texts/simulator.ts';
import { fakeApi } from '#client/test/render.tsx';
import { adminPages } from './admin-pages.ts';
import { App } from './app.tsx';
import { AppRoutes, lazyPages as firstBundlePages, pageComponent, preloadRoute } from './router.tsx';

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

  it('shows every public page with the providers of main.tsx alone: what reads the API brings the query cache', async () => {
    fakeApi({ [routeKey(accountsRoutes.me)]: { body: { user: null } } });
    for (const { path } of routeList.filter((route) => route.access === 'public')) {
      await preloadRoute(path);
      const view = await act(async () =>
        render(
          <App config={placeholderPublicConfig}>
            <MemoryRouter initialEntries={[path]}>
              <AppRoutes />
            </MemoryRouter>
          </App>,
        ),
      );
      // A first key brings in the home page's deferred forms; then every form is there.
      await act(async () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' })));
      // (A generous bound: the first import of a form's modules is slow in a busy test run.)
      await waitFor(
        () => {
          for (const waiting of [texts.loadingForm, texts.checkingPermissions]) expect(screen.queryByText(waiting), path).toBeNull();
        },
        { timeout: 15_000 },
      );
      expect(screen.getByRole('heading', { level: 1 }), path).not.toHaveTextContent(texts.routeErrorHeading);
      expect(screen.getByRole('banner'), path).toBeInTheDocument();
      if (path === paths.home) {
        expect(screen.getByRole('combobox', { name: simulatorTexts.adresseDepart })).toBeInTheDocument();
        expect(screen.getAllByRole('button', { name: texts.loginSubmit })).not.toHaveLength(0);
      }
      view.unmount();
    }
  });

  it('brings the home page’s forms in when the visitor scrolled the prerendered page before it came alive', async () => {
    fakeApi({ [routeKey(accountsRoutes.me)]: { body: { user: null } } });
    await preloadRoute(paths.home);
    // The scroll happened before hydration: no listener saw it, and no event follows.
    Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
    try {
      const view = await act(async () =>
        render(
          <App config={placeholderPublicConfig}>
            <MemoryRouter initialEntries={[paths.home]}>
              <AppRoutes />
            </MemoryRouter>
          </App>,
        ),
      );
      await waitFor(() => expect(screen.queryByText(texts.loadingForm)).toBeNull(), { timeout: 15_000 });
      expect(screen.getByRole('combobox', { name: simulatorTexts.adresseDepart })).toBeInTheDocument();
      view.unmount();
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    }
  });
});
