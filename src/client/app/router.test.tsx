import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useLocation, useRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { accountsRoutes, routeKey } from '#domain/api-paths.ts';
import { pageModule, paths, routeList } from '#domain/paths.ts';
import { placeholderPublicConfig } from '#domain/public-config.ts';
import { texts } from '#domain/texts/common.ts';
import { simulatorTexts } from '#domain/texts/simulator.ts';
import { fakeApi } from '#client/test/render.tsx';
import { adminPages } from './admin-pages.ts';
import { App } from './app.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { AppRoutes, lazyPages as firstBundlePages, lazyRoute, pageComponent, preloadRoute } from './router.tsx';

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

  it('shows « Une erreur est survenue » for a page whose module is gone (after a deployment), asks for it once, and again at the next visit', async () => {
    let attempts = 0;
    const lost = lazyRoute({ path: '/perdue' }, () => {
      attempts += 1;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    function Pages() {
      const { pathname } = useLocation();
      const routes = [lost, { path: '/', element: <Link to="/perdue">perdue</Link> }];
      return <RouteErrorBoundary pathname={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
    }
    // React logs each error its boundary catches.
    const logged = vi.mocked(console.error).mockImplementation(() => undefined);
    const user = userEvent.setup();
    // Each navigation is a transition that React settles only inside act().
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    render(
      <MemoryRouter initialEntries={['/']}>
        <Pages />
      </MemoryRouter>,
    );
    await act(() => user.click(screen.getByRole('link', { name: 'perdue' })));
    // Time for a loop of requests, had the failure been forgotten at once.
    await settle();
    expect(screen.getByRole('heading', { name: texts.routeErrorHeading })).toBeInTheDocument();
    expect(attempts).toBe(1);

    // Back home from the error's page, then this one again: loaded again.
    await act(() => user.click(screen.getByRole('link', { name: texts.backHome })));
    await act(() => user.click(screen.getByRole('link', { name: 'perdue' })));
    await settle();
    expect(screen.getByRole('heading', { name: texts.routeErrorHeading })).toBeInTheDocument();
    expect(attempts).toBe(2);
    // (React's format, then the error: one for each visit.)
    expect(logged.mock.calls.map((call) => String(call[1]))).toEqual(
      Array(2).fill('TypeError: Failed to fetch dynamically imported module'),
    );
    logged.mockClear();
  });
});
