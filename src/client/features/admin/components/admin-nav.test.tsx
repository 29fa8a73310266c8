import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminNavSections, paths } from '#domain/paths.ts';
import { adminHomeTexts as t, adminNavLabels } from '#domain/texts/admin-home.ts';
import { accountsRoutes, routeKey } from '#domain/api-paths.ts';
import { admin, fakeApi, renderAt } from '#client/test/render.tsx';
import { AdminNav, currentSection } from './admin-nav.tsx';

describe('the back office’s navigation', () => {
  it('holds every section of the route table: the daily ones in its bar, the others one tap behind « Plus »', async () => {
    const user = userEvent.setup();
    fakeApi({ [routeKey(accountsRoutes.me)]: { body: { user: admin } } });
    renderAt(<AdminNav />, paths.adminFactures);
    const nav = screen.getByRole('navigation', { name: t.navLabel });
    const bar = adminNavSections.filter((section) => section.nav === 'daily');
    expect(bar.map((section) => adminNavLabels[section.name])).toEqual(['Devis', 'Missions', 'Factures', 'Chiffre d’affaires']);
    for (const section of bar)
      expect(within(nav).getByRole('link', { name: adminNavLabels[section.name] })).toHaveAttribute('href', section.path);
    expect(within(nav).getByRole('link', { name: 'Factures' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Devis' })).not.toHaveAttribute('aria-current');

    const more = within(nav).getByRole('button', { name: t.moreLabel });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: adminNavLabels.adminJournal })).toBeNull();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    for (const section of adminNavSections.filter((entry) => entry.nav === 'more')) {
      expect(within(nav).getByRole('link', { name: adminNavLabels[section.name] })).toHaveAttribute('href', section.path);
    }
    expect(within(nav).getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('knows the section of a page below one', () => {
    expect(currentSection('/admin')).toBe('admin');
    expect(currentSection('/admin/devis/abc/edit')).toBe('admin');
    expect(currentSection('/admin/factures/f1')).toBe('adminFactures');
    expect(currentSection('/admin/devis-archives')).toBe('adminDevisArchives');
    expect(currentSection('/espace-client')).toBeNull();
  });
});
